import type { INodeParameters } from 'n8n-workflow';
import type { EndpointDescriptor, GroupKey } from '../../../nodes/SocialData/descriptor';
import { endpointPath, ENDPOINTS, findEndpoint } from '../../../nodes/SocialData/descriptor';
import type { Simulator } from '../../../simulator';
import { operationParameters, runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 4 });

const runCalls = () => sim.requests.filter((request) => request.path === '/api/v1/run');
const sentInputs = () =>
	runCalls().map((request) => JSON.parse(request.bodyText).input as Record<string, unknown>);

/** The second call of `operation` answers normally, with these fields of its data set (the first call passes untouched). */
function onSecondCall(operation: string, data: Record<string, unknown>, group?: GroupKey) {
	const endpoint = group ? endpointPath(findEndpoint(operation, group)!) : operation;
	sim.faults.queue({ endpoint, delayMs: 0 }, { endpoint, data });
}

/** A descriptor path into the whole answer (`data.buffer`) as a data-fault key (`buffer`). */
const faultKey = (path: string) => path.replace(/^data\./, '');

const paginated = ENDPOINTS.filter((endpoint) => endpoint.pagination);
const modesOf = (endpoint: EndpointDescriptor) =>
	endpoint.raw ? (['raw', 'parsed'] as const) : (['raw'] as const);
const cases = (endpoints: EndpointDescriptor[]) =>
	endpoints.flatMap((endpoint) =>
		modesOf(endpoint).map(
			(mode) => [endpoint.group, endpoint.name, mode] as [GroupKey, string, 'raw' | 'parsed'],
		),
	);

const withOptions = (parameters: INodeParameters, options: INodeParameters): INodeParameters => ({
	...parameters,
	options: { ...(parameters.options as INodeParameters), ...options },
});

function returnAll(
	operation: string,
	mode: 'raw' | 'parsed',
	group = findEndpoint(operation)!.group,
): INodeParameters {
	const endpoint = findEndpoint(operation, group)!;
	const base = operationParameters(sim.dataset.ids, group, operation);
	return {
		resource: endpoint.group,
		operation,
		...base,
		returnAll: true,
		options: {
			...((base.options as object) ?? {}),
			...(endpoint.raw ? { raw: mode === 'raw' } : {}),
		},
	};
}

/** The "more pages" flag of an answer set to say more, in every place the descriptor reads it. */
const sayingMore = (endpoint: EndpointDescriptor, mode: 'raw' | 'parsed') =>
	Object.fromEntries(endpoint.pagination!.more[mode].map((path) => [faultKey(path), 1]));

describe('Return All: every end signal of the spec ends the walk, and nothing is billed twice', () => {
	it.each([['raw'], ['parsed']] as const)(
		'fetch_article_comments (%s): an answer saying has_more with an empty buffer (the last page) ends the walk',
		async (mode) => {
			onSecondCall('fetch_article_comments', { buffer: '' });
			const { items, error, hints } = await runSocialData(
				sim,
				returnAll('fetch_article_comments', mode),
			);
			expect(error).toBeUndefined();
			const buffers = sentInputs().map((input) => input.buffer);
			expect(buffers).toHaveLength(2);
			expect(buffers[0]).toBe('');
			expect(buffers[1]).not.toBe('');
			expect(sim.ledger.billedCalls()).toBe(2);
			expect(items).toHaveLength(8);
			expect(new Set(items.map((item) => String(item.json.content_id))).size).toBe(8);
			expect(hints).toEqual([]);
		},
	);

	it.each([
		['raw', { totalCount: 0 }],
		['parsed', { total_count: 0 }],
		['parsed', { total_count: '0' }],
	] as const)(
		'fetch_live_history (%s): total_count 0 ("none") ends the walk whatever the continue flag says',
		async (mode, data) => {
			onSecondCall('fetch_live_history', data);
			const { error } = await runSocialData(sim, returnAll('fetch_live_history', mode));
			expect(error).toBeUndefined();
			expect(sentInputs()).toHaveLength(2);
		},
	);

	const byCursor = paginated.filter((endpoint) => endpoint.pagination!.cursors?.length);

	it('walks the endpoints with cursors by them (the 3 others count pages)', () => {
		expect(paginated.length - byCursor.length).toBe(3);
		expect(byCursor.map((endpoint) => `${endpoint.group}/${endpoint.name}`)).toEqual(
			expect.arrayContaining([
				'shortVideo/fetch_video_comments',
				'shortVideo/fetch_video_comment_replies',
				'channels/fetch_video_comments',
			]),
		);
	});

	it.each(cases(byCursor))(
		'%s › %s (%s): a cursor that comes back to its first-page value while the answer says more ends the walk',
		async (group, operation, mode) => {
			const endpoint = findEndpoint(operation, group)!;
			const back: Record<string, unknown> = sayingMore(endpoint, mode);
			// The first place each cursor is read from (later places may be inside a JSON-text cursor).
			for (const carry of endpoint.pagination!.cursors!) {
				if (carry.initial !== undefined) back[faultKey(carry.from[mode][0])] = carry.initial;
			}
			onSecondCall(operation, back, group);
			const { items, error, hints } = await runSocialData(sim, returnAll(operation, mode, group));
			expect(error).toBeUndefined();
			expect(sentInputs()).toHaveLength(2);
			expect(sim.ledger.billedCalls()).toBe(2);
			expect(new Set(items.map((item) => JSON.stringify(item.json))).size).toBe(items.length);
			// An empty buffer is the spec's own "last page" of article comments; elsewhere the run says why it stopped.
			if (operation === 'fetch_article_comments') expect(hints).toEqual([]);
			else
				expect(hints.join(' ')).toMatch(
					new RegExp(`${operation}: stopped after 2 pages.*first page`),
				);
		},
	);
});

describe('Return All: a page without records whose answer still says "more" stops the walk with a hint', () => {
	it.each(cases(paginated))('%s › %s (%s)', async (group, operation, mode) => {
		const endpoint = findEndpoint(operation, group)!;
		const empty: Record<string, unknown> = sayingMore(endpoint, mode);
		for (const path of endpoint.pagination!.records[mode])
			empty[faultKey(path.split('.*')[0])] = [];
		onSecondCall(operation, empty, group);
		const { items, error, hints } = await runSocialData(sim, returnAll(operation, mode, group));
		expect(error).toBeUndefined();
		expect(sentInputs()).toHaveLength(2);
		expect(items.length).toBeGreaterThan(0);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toMatch(
			new RegExp(`${operation}: stopped after 2 pages.*page 2 had no records.*more`),
		);
	});

	it('One Item per Record off: the empty page is output, and the hint says why the walk stopped', async () => {
		onSecondCall('fetch_article_comments', { comments: [] });
		const { items, hints } = await runSocialData(
			sim,
			withOptions(returnAll('fetch_article_comments', 'raw'), { splitRecords: false }),
		);
		expect(items).toHaveLength(2);
		expect(hints.join(' ')).toMatch(/page 2 had no records/);
	});
});
