import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

/**
 * Channel user videos: genuine app answers say "more" with `continueFlag` alone, the spec with
 * `upContinueFlag` (simulator/recorded/channels/fetch_user_videos.app.json). Return All reads both,
 * and a walk that ends while a flag it does not read says more is reported.
 */

const userVideos = (sim: Simulator, options: INodeParameters = { raw: true }): INodeParameters => ({
	resource: 'channels',
	operation: 'fetch_user_videos',
	username: sim.dataset.ids.finderUsername,
	returnAll: true,
	options,
});

const sentBuffers = (sim: Simulator) =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => (JSON.parse(request.bodyText).input as { last_buffer?: string }).last_buffer);

describe('Return All over channel user videos, in the genuine shape (continueFlag only)', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), { pageSize: 4 });

	it('walks every page: continueFlag 1 means more, its lastBuffer goes on', async () => {
		const { items, error, hints } = await runSocialData(sim, userVideos(sim));
		expect(error).toBeUndefined();
		const videos = sim.dataset.channelUserVideos(sim.dataset.ids.finderUsername);
		expect(items.map(({ json }) => String(json.id))).toEqual(
			videos.map((video) => String(video.id)),
		);
		const pages = Math.ceil(videos.length / 4);
		expect(pages).toBeGreaterThan(2);
		expect(sim.ledger.billedCalls()).toBe(pages);
		const buffers = sentBuffers(sim);
		expect(buffers[0]).toBe('');
		expect(new Set(buffers).size).toBe(pages);
		expect(hints).toEqual([]);
	});

	it('the pages the walk read said more with continueFlag alone', async () => {
		const { items, error } = await runSocialData(
			sim,
			userVideos(sim, { raw: true, splitRecords: false }),
		);
		expect(error).toBeUndefined();
		// One item per page: the whole run answer, the upstream answer in its `data`.
		const answers = items.map(({ json }) => json.data as IDataObject);
		const flags = answers.map((answer) => [answer.continueFlag, answer.upContinueFlag]);
		expect(flags).toEqual([
			...Array.from({ length: items.length - 1 }, () => [1, undefined]),
			[0, undefined],
		]);
	});

	it('a walk that ends while a flag the node does not read says more gives a hint naming it', async () => {
		// The answer carries the snake_case flag of other variants in place of the camelCase one.
		sim.faults.queue({
			endpoint: 'fetch_user_videos',
			data: { continueFlag: undefined, continue_flag: 1 },
		});
		const { items, error, hints } = await runSocialData(sim, userVideos(sim));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(4);
		expect(sim.ledger.billedCalls()).toBe(1);
		expect(hints).toEqual([
			expect.stringMatching(
				/^fetch_user_videos: stopped after 1 page because no flag the node reads \(data\.continueFlag, data\.upContinueFlag\) said more, but the last answer carries data\.continue_flag = 1, which the node does not read: more records may exist$/,
			),
		]);
	});

	it('no hint where the unread flag says no more, or the walk had a Limit', async () => {
		sim.faults.queue({
			endpoint: 'fetch_user_videos',
			data: { continueFlag: undefined, continue_flag: 0 },
		});
		expect((await runSocialData(sim, userVideos(sim))).hints).toEqual([]);
		sim.reset();
		sim.faults.queue({
			endpoint: 'fetch_user_videos',
			data: { continueFlag: undefined, continue_flag: 1 },
		});
		const limited = await runSocialData(sim, { ...userVideos(sim), returnAll: false, limit: 10 });
		expect(limited.items).toHaveLength(4);
		expect(limited.hints).toEqual([]);
	});
});

describe("Return All over channel user videos, in the spec's shape (upContinueFlag)", () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), { pageSize: 4, shapes: 'spec' });

	it.each([[{ raw: true }], [{ raw: false }]])('%j walks every page', async (options) => {
		const { items, error, hints } = await runSocialData(sim, userVideos(sim, options));
		expect(error).toBeUndefined();
		const videos = sim.dataset.channelUserVideos(sim.dataset.ids.finderUsername);
		expect(items).toHaveLength(videos.length);
		expect(sim.ledger.billedCalls()).toBe(Math.ceil(videos.length / 4));
		expect(hints).toEqual([]);
	});
});
