import { request } from 'undici';
import { PROVIDER, SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { parseJson } from '../../simulator/json';
import { useSimulator } from '../support/useSimulator';

const ARTICLES = '/api/v1/wechat_mp/v2/';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 4 });

async function run(endpoint: string, input: unknown): Promise<{ status: number; body: any }> {
	const res = await request(sim.url + '/api/v1/run', {
		method: 'POST',
		headers: { authorization: `Bearer ${SIMULATOR_API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ provider: PROVIDER, endpoint, input }),
	});
	return { status: res.statusCode, body: parseJson(await res.body.text()) };
}

describe('data faults: a 200 answer with some fields of its data set', () => {
	it('sets the fields, keeps the others, bills the call and names the fault in the request log', async () => {
		const url = sim.dataset.ids.articleUrl;
		const normal = await run(ARTICLES + 'fetch_article_comments', { url });
		sim.reset();
		sim.faults.queue({ endpoint: 'fetch_article_comments', data: { buffer: '', comments: [] } });
		const patched = await run(ARTICLES + 'fetch_article_comments', { url });
		expect(patched.status).toBe(200);
		expect(patched.body.data).toEqual({ ...normal.body.data, buffer: '', comments: [] });
		expect(patched.body.data.has_more).toBe(true);
		expect(sim.ledger.billedCalls()).toBe(1);
		expect(sim.requests[0].fault).toBe('data buffer+comments');
		expect((await run(ARTICLES + 'fetch_article_comments', { url })).body.data).toEqual(
			normal.body.data,
		);
	});

	it('is taken in queue order, so a delay-only fault first puts it on the second call', async () => {
		const url = sim.dataset.ids.articleUrl;
		sim.faults.queue(
			{ endpoint: 'fetch_article_comments', delayMs: 0 },
			{ endpoint: 'fetch_article_comments', data: { has_more: false } },
		);
		expect((await run(ARTICLES + 'fetch_article_comments', { url })).body.data.has_more).toBe(true);
		expect((await run(ARTICLES + 'fetch_article_comments', { url })).body.data.has_more).toBe(
			false,
		);
	});

	it('sets a nested field by a dotted key, keeping its siblings', async () => {
		sim.faults.queue({
			endpoint: 'get_note_comments',
			data: { 'data.cursor': '', 'data.has_more': true },
		});
		const answer = await run('/api/v1/xiaohongshu/app_v2/get_note_comments', {
			note_id: sim.dataset.ids.noteId,
		});
		expect(answer.body.data.data).toMatchObject({
			cursor: '',
			has_more: true,
			current_sort_strategy: 'latest_v2',
		});
		expect(answer.body.data.data.comments.length).toBeGreaterThan(0);
		expect(answer.body.data.success).toBe(true);
	});

	it('leaves a rejected call alone and refuses data combined with another kind', async () => {
		sim.faults.queue({ data: { buffer: '' } });
		expect((await run(ARTICLES + 'fetch_article_comments', { url: 'not a link' })).status).toBe(
			400,
		);
		expect(() => sim.faults.queue({ data: { x: 1 }, status: 500 })).toThrow(/goes alone/);
		expect(() => sim.faults.queue({ data: [] as unknown as Record<string, unknown> })).toThrow(
			/object of fields/,
		);
	});
});
