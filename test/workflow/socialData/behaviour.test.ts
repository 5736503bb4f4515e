import type { INodeExecutionData } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { runWorkflow } from '../../../tools/harness';
import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { credentialsFor, runSocialData, SOCIAL_DATA_TYPE } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started));

const runCalls = () => sim.requests.filter((request) => request.path === '/api/v1/run');
const inputs = () =>
	runCalls().map(
		(request) => JSON.parse(request.bodyText.replace(/:\s*(\d{16,})/g, ':"$1"')).input,
	);

describe('Social Data behaviour in n8n', () => {
	it('Continue On Fail: a failing item becomes an error item with endpoint, status and message; the others go on', async () => {
		const { ids } = sim.dataset;
		const { items, error } = await runSocialData(
			sim,
			{
				resource: 'notes',
				operation: 'get_user_info',
				user_id: '={{ $json.user }}',
				share_text: '',
			},
			{
				continueOnFail: true,
				inputItems: [
					{ json: { user: ids.noteUserId } },
					{ json: { user: ids.missingNoteId } },
					{ json: { user: '' } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toBeUndefined();
		expect(items[1].json).toMatchObject({ endpoint: 'get_user_info', status: 200 });
		expect(String(items[1].json.error)).toMatch(/answered with an error.*bills/);
		expect(items[2].json.error).toMatch(/"user_id"/);
		expect(runCalls()).toHaveLength(2);
	});

	it('keeps output order and pairedItem with concurrency', async () => {
		const terms = ['acme', 'acme widgets', 'acme rocket', 'acme store', 'acme labs'];
		const { items } = await runSocialData(
			sim,
			{
				resource: 'search',
				operation: 'fetch_search',
				keyword: '={{ $json.term }}',
				returnAll: false,
				limit: 2,
				options: { concurrency: 3 },
			},
			{ inputItems: terms.map((term) => ({ json: { term } })) },
		);
		expect(items).toHaveLength(10);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
		]);
	});

	it('falls back to fetch_one_video_v2 once when v1 fails and says which variant answered', async () => {
		sim.faults.queue({ status: 500, endpoint: 'fetch_one_video' });
		const { items } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_one_video',
			aweme_id: sim.dataset.ids.awemeId,
		});
		expect(items[0].json.answeredBy).toBe('fetch_one_video_v2');
		expect(runCalls().map((call) => JSON.parse(call.bodyText).endpoint)).toEqual([
			'/api/v1/douyin/web/fetch_one_video',
			'/api/v1/douyin/web/fetch_one_video_v2',
		]);
	});

	it('splits more than 50 ids into calls of at most 50 and merges the answers per id', async () => {
		const base = BigInt(sim.dataset.ids.awemeId);
		const ids = Array.from({ length: 120 }, (_, i) => String(base + BigInt(i)));
		const { items } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_multi_video',
			aweme_ids: ids.join(','),
		});
		expect(inputs().map((input) => input.aweme_ids.length)).toEqual([50, 50, 20]);
		expect(items.map((item) => item.json.aweme_id)).toEqual(ids);
	});

	it('combines the ids of all items into shared calls, each record paired with its item', async () => {
		const base = BigInt(sim.dataset.ids.awemeId);
		const inputItems: INodeExecutionData[] = [0, 1, 2].map((n) => ({
			json: { ids: [String(base + BigInt(n * 2)), String(base + BigInt(n * 2 + 1))].join(',') },
		}));
		const { items } = await runSocialData(
			sim,
			{
				resource: 'shortVideo',
				operation: 'fetch_multi_video_high_quality_play_url',
				aweme_ids: '={{ $json.ids }}',
				options: { combineItems: true },
			},
			{ inputItems },
		);
		expect(runCalls()).toHaveLength(1);
		expect(inputs()[0].aweme_ids.split(',')).toHaveLength(6);
		expect(items.map((item) => item.pairedItem)).toEqual(
			[0, 0, 1, 1, 2, 2].map((item) => [{ item }]),
		);
	});

	it('the credit budget stops a runaway Return All before it spends past the budget, keeping the paid pages', async () => {
		const { items, error, hints } = await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search',
			keyword: 'acme',
			returnAll: true,
			options: { creditBudget: 0.3 },
		});
		expect(error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(3);
		expect(sim.ledger.credits()).toBeCloseTo(0.3);
		expect(items.length).toBeGreaterThan(0);
		expect(hints).toEqual([
			expect.stringMatching(
				/^fetch_search: stopped after 3 pages \(\d+ records, all in the output\) because page 4 was not allowed\. .*Credit Budget of 0.3/,
			),
		]);
	});

	it('the credit budget refuses up front when the items alone need more calls', async () => {
		const { error } = await runSocialData(
			sim,
			{
				resource: 'search',
				operation: 'fetch_search',
				keyword: '={{ $json.term }}',
				options: { creditBudget: 0.2 },
			},
			{ inputItems: [{ json: { term: 'a' } }, { json: { term: 'b' } }, { json: { term: 'c' } }] },
		);
		expect(error?.message).toMatch(/at least 3 calls.*Nothing was sent/);
		expect(sim.requests).toHaveLength(0);
	});

	it('never copies the cookie into output items', async () => {
		const { ids } = sim.dataset;
		const { items } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_user_collects',
			cookie: ids.cookie,
			returnAll: true,
			options: { splitRecords: false },
		});
		expect(items.length).toBeGreaterThan(0);
		expect(JSON.stringify(items)).not.toContain(ids.cookie);
	});

	it('never shows the API key, also when the service echoes it in a 401', async () => {
		const wrongKey = 'sk-wrong-key-that-must-not-leak-42';
		const result = await runWorkflow({
			workflow: {
				nodes: [
					{
						id: '1',
						name: 'Social Data',
						type: SOCIAL_DATA_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: { resource: 'search', operation: 'fetch_search', keyword: 'acme' },
						credentials: { socialGatewayApi: { id: '1', name: 'gw' } },
					},
				],
				connections: {},
			},
			nodeTypes: { [SOCIAL_DATA_TYPE]: new SocialData() },
			credentials: {
				socialGatewayApi: { ...credentialsFor(sim).socialGatewayApi, apiKey: wrongKey },
			},
		});
		const error = result.errorOf();
		expect(error?.message).toMatch(/HTTP 401/);
		expect(JSON.stringify(result.run)).not.toContain(wrongKey);
		expect(JSON.stringify(result.run)).toContain('***');
		expect(SIMULATOR_API_KEY).not.toBe(wrongKey);
	});

	it("a search hit's 64-bit ids feed fetch_video_detail and arrive digit for digit", async () => {
		const result = await runWorkflow({
			workflow: {
				nodes: [
					{
						id: '1',
						name: 'Search',
						type: SOCIAL_DATA_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: {
							resource: 'search',
							operation: 'fetch_search_videos',
							keyword: 'acme',
							returnAll: false,
							limit: 3,
							options: { raw: false },
						},
						credentials: { socialGatewayApi: { id: '1', name: 'gw' } },
					},
					{
						id: '2',
						name: 'Detail',
						type: SOCIAL_DATA_TYPE,
						typeVersion: 1,
						position: [200, 0],
						parameters: {
							resource: 'channels',
							operation: 'fetch_video_detail',
							object_id: '',
							export_id: '={{ $json.exportId }}',
							share_url: '',
							options: { object_nonce_id: '={{ $json.jumpInfo.extInfo.feedNonceId }}', raw: false },
						},
						credentials: { socialGatewayApi: { id: '1', name: 'gw' } },
					},
				],
				connections: { Search: { main: [[{ node: 'Detail', type: 'main', index: 0 }]] } },
			},
			nodeTypes: { [SOCIAL_DATA_TYPE]: new SocialData() },
			credentials: credentialsFor(sim),
		});
		const hits = result.outputOf('Search');
		expect(hits).toHaveLength(3);
		for (const hit of hits) {
			expect(typeof hit.json.docID).toBe('string');
			expect(BigInt(hit.json.docID as string) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
		}
		const detailCalls = runCalls().filter((call) => call.bodyText.includes('fetch_video_detail'));
		expect(detailCalls).toHaveLength(3);
		detailCalls.forEach((call, index) => {
			const nonce = (hits[index].json.jumpInfo as { extInfo: { feedNonceId: string } }).extInfo
				.feedNonceId;
			expect(call.bodyText).toContain(`"object_nonce_id":"${nonce}"`);
			expect(call.bodyText).toContain(`"export_id":"${hits[index].json.exportId}"`);
		});
		expect(result.outputOf('Detail')).toHaveLength(3);
	});

	it('a parameter that maps one field ({{ $json.user }}) sends and refuses what n8n evaluating it does', async () => {
		const { ids } = sim.dataset;
		const inputItems = [
			{ json: { user: ids.noteUserId } },
			{ json: { user: 5_0000_0000 } },
			{ json: { user: { id: ids.noteUserId } } },
			{ json: {} },
		];
		// `$json.user` is read from the item; `$json["user"]` goes through n8n's expression engine.
		const runWith = async (user_id: string) => {
			const before = runCalls().length;
			const { items, error } = await runSocialData(
				sim,
				{ resource: 'notes', operation: 'get_user_info', user_id, share_text: '' },
				{ continueOnFail: true, inputItems },
			);
			expect(error).toBeUndefined();
			return { items: items.map((item) => item.json), sent: inputs().slice(before) };
		};
		const read = await runWith('={{ $json.user }}');
		const evaluated = await runWith('={{ $json["user"] }}');
		expect(read).toEqual(evaluated);
		expect(read.sent).toEqual([{ user_id: ids.noteUserId }, { user_id: '500000000' }]);
		expect(read.items.slice(2).map((item) => item.error)).toEqual([
			expect.stringMatching(/"user_id" \(User ID\) must be text, not an object.*\(item 2\)/),
			expect.stringMatching(/"user_id", "share_text" is required.*\(item 3\)/),
		]);
	});
});
