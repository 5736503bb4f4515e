import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { PROVIDER, SIMULATOR_API_KEY } from '../../../simulator/constants';
import { recordedDouyinHit } from '../../../simulator/shapes/douyinSearch';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// Douyin keyword search through n8n's engine against the simulator: paging by cursor, search_id
// and backtrace, the walk's bounds, exact ids, validation before the first call, mentions, Only New.

const PAGE_SIZE = 4;
const KEYWORD = 'acme';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE });

const runCalls = () => sim.requests.filter((request) => request.path === '/api/v1/run');
const sentInputs = () =>
	runCalls().map((request) => JSON.parse(request.bodyText).input as IDataObject);
const awemeOf = (json: IDataObject) => json.aweme_info as IDataObject | undefined;

const search = (operation: string, parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'shortVideo',
	operation,
	keyword: KEYWORD,
	returnAll: true,
	...parameters,
});

describe.each([
	['fetch_general_search_v1', () => sim.dataset.douyinSearch(KEYWORD)],
	['fetch_video_search_v1', () => sim.dataset.douyinVideoSearch(KEYWORD)],
])('%s', (operation, posts) => {
	const general = operation === 'fetch_general_search_v1';

	it('Return All walks every page, carrying cursor, search_id and backtrace from each answer', async () => {
		const { items, error } = await runSocialData(sim, search(operation));
		expect(error).toBeUndefined();
		const expected = posts().map((post) => post.aweme_id);
		const hits = items.map((item) => awemeOf(item.json)?.aweme_id).filter(Boolean);
		expect(hits).toEqual(expected);
		// The general search's first page mixes a card without aweme_info in: output as it came.
		expect(items.length - hits.length).toBe(general ? 1 : 0);

		const pages = Math.ceil(expected.length / PAGE_SIZE);
		expect(sim.ledger.billedCalls()).toBe(pages);
		expect(runCalls().every((request) => request.status === 200)).toBe(true);
		expect(
			runCalls().every((request) => request.endpoint === `/api/v1/douyin/search/${operation}`),
		).toBe(true);
		const inputs = sentInputs();
		expect(inputs[0]).toMatchObject({ keyword: KEYWORD, cursor: 0, search_id: '', backtrace: '' });
		expect(inputs.map((input) => input.cursor)).toEqual(inputs.map((_, page) => page * PAGE_SIZE));
		// The simulator refuses a later page whose search_id and backtrace are not the previous answer's.
		const later = inputs.slice(1);
		expect(later.every((input) => /^\d{16}T[0-9A-F]{17}$/.test(String(input.search_id)))).toBe(
			true,
		);
		expect(new Set(later.map((input) => input.search_id)).size).toBe(later.length);
		expect(later.every((input) => /^[A-Za-z0-9+/]{60,}={0,2}$/.test(String(input.backtrace)))).toBe(
			true,
		);
	});

	it('sends log_pb.impr_id as search_id where the answer gives extra.logid as null', async () => {
		sim.faults.queue({ endpoint: operation, data: { 'extra.logid': null } });
		const { error } = await runSocialData(sim, search(operation, { options: { maxPages: 3 } }));
		expect(error).toBeUndefined();
		const inputs = sentInputs();
		expect(inputs).toHaveLength(3);
		expect(runCalls().every((request) => request.status === 200)).toBe(true);
		expect(inputs[1].search_id).toMatch(/^\d{16}T[0-9A-F]{17}$/);
	});

	it('the Credit Budget stops the walk before the page it does not allow, keeping the paid ones', async () => {
		const { items, error, hints } = await runSocialData(
			sim,
			search(operation, { options: { creditBudget: 0.2 } }),
		);
		expect(error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(runCalls()).toHaveLength(2);
		expect(items).toHaveLength(2 * PAGE_SIZE + (general ? 1 : 0));
		expect(hints).toEqual([
			expect.stringMatching(
				new RegExp(`^${operation}: stopped after 2 pages .*Credit Budget of 0\\.2`),
			),
		]);
	});

	it('runs several items concurrently, output in input order with pairedItem', async () => {
		const terms = ['acme', 'globex', 'initech'];
		const { items, error } = await runSocialData(
			sim,
			search(operation, {
				keyword: '={{ $json.term }}',
				returnAll: false,
				limit: 3,
				options: { concurrency: 3 },
			}),
			{ inputItems: terms.map((term) => ({ json: { term } })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 0, 0, 1, 1, 1, 2, 2, 2,
		]);
		terms.forEach((term, index) => {
			const hits = items.slice(index * 3, index * 3 + 3).map((item) => awemeOf(item.json));
			for (const hit of hits.filter(Boolean)) expect(String(hit!.desc)).toContain(term);
		});
		expect(sim.ledger.billedCalls()).toBe(3);
	});

	it('reports an answer whose hits sit nowhere it knows, never "no results"', async () => {
		// The posts moved to a key the pack does not know (a null list would be read as an empty one).
		const moved = { data: { results: [{ aweme_info: { aweme_id: '7'.repeat(19) } }] } };
		sim.faults.queue({ endpoint: operation, data: moved });
		const { items, error, hints } = await runSocialData(sim, search(operation));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(hints).toEqual([
			expect.stringMatching(new RegExp(`^${operation}: answered in an unknown shape`)),
		]);
		expect(sim.ledger.billedCalls()).toBe(1);

		sim.faults.queue({ endpoint: operation, data: moved });
		const failed = await runSocialData(
			sim,
			search(operation, { options: { unknownShape: 'fail' } }),
		);
		expect(failed.error?.message).toMatch(/answered in an unknown shape/);
	});

	it('Limit stops at the page that fills it; Max Pages bounds the walk', async () => {
		const limited = await runSocialData(sim, search(operation, { returnAll: false, limit: 6 }));
		expect(limited.error).toBeUndefined();
		expect(limited.items).toHaveLength(6);
		expect(sim.ledger.billedCalls()).toBe(2);

		sim.reset();
		const bounded = await runSocialData(sim, search(operation, { options: { maxPages: 2 } }));
		expect(bounded.error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(bounded.items).toHaveLength(2 * PAGE_SIZE + (general ? 1 : 0));
		expect(bounded.hints.join(' ')).toMatch(/Max Pages|2 pages/);
	});

	it('outputs 19-digit ids as exact strings, also those the answer gives as bare numbers', async () => {
		const { items, error } = await runSocialData(
			sim,
			search(operation, { returnAll: false, limit: 5 }),
		);
		expect(error).toBeUndefined();
		for (const item of items.filter((candidate) => awemeOf(candidate.json))) {
			const id = awemeOf(item.json)!.aweme_id as string;
			expect(id).toMatch(/^7\d{18}$/);
			// provider_doc_id is a bare 64-bit number in the answer (as in the capture), beyond 2^53.
			expect(item.json.provider_doc_id).toBe(id);
			expect(item.json.provider_doc_id_str).toBe(id);
		}
		const post = posts()[0];
		expect(typeof recordedDouyinHit(post).provider_doc_id).toBe('bigint');
	});

	it('outputs Douyin mentions: /video/ or /note/ links, likes, comments and shares', async () => {
		const { items, error } = await runSocialData(
			sim,
			search(operation, { returnAll: false, limit: 8, options: { mentions: true } }),
		);
		expect(error).toBeUndefined();
		const byId = new Map(posts().map((post) => [post.aweme_id, post]));
		const mentions = items.map((item) => item.json).filter((json) => json.id !== '');
		expect(mentions.length).toBeGreaterThanOrEqual(7);
		for (const mention of mentions) {
			const post = byId.get(mention.id as string)!;
			expect(mention).toMatchObject({
				platform: 'douyin',
				kind: 'post',
				postId: null,
				url: `https://www.douyin.com/${post.aweme_type === 68 ? 'note' : 'video'}/${post.aweme_id}`,
				text: post.desc,
				author: post.author.nickname,
				publishedAt: new Date(post.create_time * 1000).toISOString(),
				likes: post.statistics.digg_count,
				comments: post.statistics.comment_count,
				shares: post.statistics.share_count,
				reads: null,
				openInApp: null,
			});
			expect(String(mention.text)).toContain(KEYWORD);
		}
		if (general) {
			expect(mentions.some((mention) => String(mention.url).includes('/note/'))).toBe(true);
			// The card has no post: a mention without id or link, not an error.
			const card = items.map((item) => item.json).find((json) => json.id === '');
			expect(card).toMatchObject({ platform: 'douyin', url: null });
		}
	});

	it('sends the filters on every page and the list comes back as they ask (Latest: newest first)', async () => {
		const { items, error } = await runSocialData(
			sim,
			search(operation, { options: { sort_type: '2', publish_time: '180', filter_duration: '0' } }),
		);
		expect(error).toBeUndefined();
		const times = items
			.map((item) => awemeOf(item.json)?.create_time)
			.filter((t) => t !== undefined);
		expect(times.length).toBeGreaterThan(PAGE_SIZE);
		expect(times).toEqual([...(times as number[])].sort((a, b) => b - a));
		for (const input of sentInputs())
			expect(input).toMatchObject({ sort_type: '2', publish_time: '180', filter_duration: '0' });
	});

	it('refuses a bad keyword or filter before the first call, naming the field and the item', async () => {
		const badSort = await runSocialData(
			sim,
			search(operation, { options: { sort_type: '={{ $json.sort }}' } }),
			{ inputItems: [{ json: { sort: '2' } }, { json: { sort: '9' } }] },
		);
		expect(badSort.error?.message).toMatch(/"sort_type".*\(item 1\)/);
		const blank = await runSocialData(sim, search(operation, { keyword: '={{ $json.term }}' }), {
			inputItems: [{ json: { term: 'acme' } }, { json: { term: '   ' } }],
		});
		expect(blank.error?.message).toMatch(/"keyword".*\(item 1\)/);
		const tooLong = await runSocialData(sim, search(operation, { keyword: 'k'.repeat(101) }));
		expect(tooLong.error?.message).toMatch(/"keyword".*\(item 0\)/);
		expect(sim.requests).toHaveLength(0);
		expect(sim.ledger.credits()).toBe(0);
	});

	it('the simulator refuses bad filter values unbilled, as the gateway does (400 value, 422 type)', async () => {
		const send = async (input: IDataObject) =>
			await fetch(`${sim.url}/api/v1/run`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${SIMULATOR_API_KEY}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify({
					provider: PROVIDER,
					endpoint: `/api/v1/douyin/search/${operation}`,
					input,
				}),
			});
		expect((await send({ keyword: KEYWORD, content_type: '4' })).status).toBe(400);
		expect((await send({ keyword: KEYWORD, cursor: 'next' })).status).toBe(422);
		expect(
			(await send({ keyword: KEYWORD, cursor: 4, search_id: 'x', backtrace: '' })).status,
		).toBe(400);
		expect(sim.ledger.entries).toHaveLength(3);
		expect(sim.ledger.credits()).toBe(0);
	});
});
