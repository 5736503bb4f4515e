import type { Fault, Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

const endpointsCalled = () =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => request.endpoint);
const V1 = '/api/v1/douyin/web/fetch_one_video';
const V2 = '/api/v1/douyin/web/fetch_one_video_v2';

/**
 * The spec bills a data call on success. The fallback variant is a second, billed call: it may only
 * follow a first call that surely was not billed (an HTTP rejection), never one whose answer may
 * have been a success the client did not get (a timeout, a cut-off or unreadable 2xx).
 */
describe('Social Data: fetch_one_video falls back to v2 only after a failure that was surely not billed', () => {
	const oneVideo = (timeoutSeconds?: number) => ({
		resource: 'shortVideo',
		operation: 'fetch_one_video',
		aweme_id: sim.dataset.ids.awemeId,
		...(timeoutSeconds ? { options: { timeout: timeoutSeconds } } : {}),
	});

	it.each<[string, Fault, number | undefined]>([
		['a client timeout', { endpoint: 'fetch_one_video', delayMs: 1_500 }, 1],
		[
			'a 2xx answer cut off before its end',
			{ endpoint: 'fetch_one_video', truncate: true },
			undefined,
		],
		[
			"a proxy's 502 after the billed work",
			{ endpoint: 'fetch_one_video', status: 502, afterWork: true },
			undefined,
		],
		["a proxy's HTML 502 page", { endpoint: 'fetch_one_video', html: true }, undefined],
	])(
		'after %s it fails saying the call may have been billed, and does not call v2',
		async (_, fault, timeoutSeconds) => {
			sim.faults.queue(fault);
			const { items, error } = await runSocialData(sim, oneVideo(timeoutSeconds));
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/fetch_one_video.*may (already )?have been billed/);
			expect(error?.message).toMatch(/fetch_one_video_v2 was not (called|tried)/);
			expect(endpointsCalled()).toEqual([V1]);
		},
	);

	it('Continue On Fail: the item says the call may have been billed; v2 is not called', async () => {
		sim.faults.queue({ endpoint: 'fetch_one_video', truncate: true });
		const { items } = await runSocialData(sim, oneVideo(), { continueOnFail: true });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ endpoint: 'fetch_one_video', status: 200 });
		expect(String(items[0].json.error)).toMatch(/may (already )?have been billed/);
		expect(endpointsCalled()).toEqual([V1]);
	});

	it('after an HTTP rejection (not billed) it still falls back to v2', async () => {
		sim.faults.queue({ endpoint: 'fetch_one_video', status: 500 });
		const { items, error } = await runSocialData(sim, oneVideo());
		expect(error).toBeUndefined();
		expect(items[0].json.answeredBy).toBe('fetch_one_video_v2');
		expect(endpointsCalled()).toEqual([V1, V2]);
	});
});
