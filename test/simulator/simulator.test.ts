import { request } from 'undici';
import { PROVIDER, SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import { parseJson } from '../../simulator/json';
import { useSimulator } from '../support/useSimulator';

const SV = '/api/v1/douyin/web/';
const NOTES = '/api/v1/xiaohongshu/app_v2/';
const CHANNELS = '/api/v1/wechat_channels/v2/';
const ARTICLES = '/api/v1/wechat_mp/v2/';
const SEARCH = '/api/v1/wechat_search/v2/';

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	body: any;
}

async function http(
	sim: Simulator,
	path: string,
	init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
	const res = await request(sim.url + path, {
		method: (init.method ?? 'GET') as 'GET',
		headers: init.headers,
		body: init.body,
	});
	const text = await res.body.text();
	let body: unknown;
	try {
		body = parseJson(text);
	} catch {
		body = undefined;
	}
	return { status: res.statusCode, headers: res.headers, text, body };
}

const bearer = (key = SIMULATOR_API_KEY) => ({
	authorization: `Bearer ${key}`,
	'content-type': 'application/json',
});

function run(
	sim: Simulator,
	endpoint: string,
	input: unknown,
	envelope: Record<string, unknown> = {},
): Promise<Answer> {
	return http(sim, '/api/v1/run', {
		method: 'POST',
		headers: bearer(),
		body: JSON.stringify({ provider: PROVIDER, endpoint, input, ...envelope }),
	});
}

/** Calls page after page: `next` gets each answer's data and the pages so far, and says what to send next (undefined: stop). */
async function walk(
	sim: Simulator,
	endpoint: string,
	first: Record<string, unknown>,
	next: (data: any, pagesSoFar: number) => Record<string, unknown> | undefined,
) {
	const pages: any[] = [];
	let input: Record<string, unknown> | undefined = first;
	while (input) {
		const answer = await run(sim, endpoint, input);
		expect(answer.status).toBe(200);
		pages.push(answer.body.data);
		if (pages.length > 500) throw new Error('pagination does not end');
		const more = next(answer.body.data, pages.length);
		input = more && { ...first, ...more };
	}
	return pages;
}

let sim: Simulator;

useSimulator((started) => (sim = started));

describe('run envelope', () => {
	it('answers code, message, request_id and the payload under data', async () => {
		const answer = await run(sim, SV + 'fetch_one_video', { aweme_id: sim.dataset.ids.awemeId });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			code: 200,
			message: 'success',
			request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
		});
		expect(answer.body.data.aweme_detail.aweme_id).toBe(sim.dataset.ids.awemeId);
		expect(sim.requests.at(-1)).toMatchObject({
			endpoint: SV + 'fetch_one_video',
			input: { aweme_id: sim.dataset.ids.awemeId },
			status: 200,
		});
	});

	it.each([
		[
			'a wrong provider',
			{ provider: 'other', endpoint: SV + 'fetch_one_video', input: {} },
			400,
			/provider/,
		],
		['a missing endpoint', { provider: PROVIDER, input: {} }, 400, /endpoint/],
		[
			'an unknown endpoint',
			{ provider: PROVIDER, endpoint: '/api/v1/nowhere/fetch', input: {} },
			404,
			/Unknown endpoint: \/api\/v1\/nowhere\/fetch/,
		],
		[
			'an input that is not an object',
			{ provider: PROVIDER, endpoint: SV + 'fetch_one_video', input: ['x'] },
			400,
			/input/,
		],
	])('rejects %s', async (_, envelope, status, message) => {
		const answer = await http(sim, '/api/v1/run', {
			method: 'POST',
			headers: bearer(),
			body: JSON.stringify(envelope),
		});
		expect(answer.status).toBe(status);
		expect(answer.body).toMatchObject({
			code: status,
			message: expect.stringMatching(message),
			detail: expect.any(String),
		});
	});
});

describe('authentication', () => {
	it('rejects a wrong bearer key with a 401 that echoes the key given', async () => {
		const answer = await http(sim, '/api/v1/run', {
			method: 'POST',
			headers: bearer('sk-wrong-key-42'),
			body: '{}',
		});
		expect(answer.status).toBe(401);
		expect(answer.body.error).toMatchObject({
			code: 401,
			message: 'Invalid API key: sk-wrong-key-42 (request /api/v1/run)',
		});
		expect(answer.body.error.keyFingerprint).toBe(
			Buffer.from('sk-wrong-key-42').toString('base64'),
		);
	});

	it('rejects a missing key', async () => {
		const answer = await http(sim, '/api/v1/run', { method: 'POST', body: '{}' });
		expect(answer.status).toBe(401);
		expect(answer.body.error.message).toBe('Missing API key');
	});

	// A request that passes auth may still be refused by the route (empty body): only 401 matters here.
	it('takes the query key or a bearer on native paths', async () => {
		const path = '/v1beta/models/gemini-2.5-flash:generateContent';
		expect(
			(await http(sim, `${path}?key=bad-query-key`, { method: 'POST' })).body.error.message,
		).toBe(`Invalid API key: bad-query-key (request ${path}?key=bad-query-key)`);
		expect(
			(await http(sim, `${path}?key=${SIMULATOR_API_KEY}`, { method: 'POST' })).status,
		).not.toBe(401);
		expect((await http(sim, path, { method: 'POST', headers: bearer() })).status).not.toBe(401);
		expect(
			(await http(sim, '/v1alpha/no-such-path', { method: 'POST', headers: bearer('sk-other') }))
				.status,
		).toBe(401);
	});

	it('wants x-api-key and anthropic-version on the messages path', async () => {
		const post = (headers: Record<string, string>) =>
			http(sim, '/v1/messages', { method: 'POST', headers });
		expect((await post({ authorization: `Bearer ${SIMULATOR_API_KEY}` })).status).toBe(401);
		expect(
			(await post({ 'x-api-key': 'nope', 'anthropic-version': '2023-06-01' })).body.error.message,
		).toMatch(/^Invalid API key: nope \(request /);
		const noVersion = await post({ 'x-api-key': SIMULATOR_API_KEY });
		expect(noVersion.status).toBe(400);
		expect(noVersion.body.error.message).toMatch(/anthropic-version/);
		expect(
			(await post({ 'x-api-key': SIMULATOR_API_KEY, 'anthropic-version': '2023-06-01' })).status,
		).not.toBe(401);
	});
});

describe('pagination, walked to the end', () => {
	it('max_cursor: user posts', async () => {
		const { secUserId } = sim.dataset.ids;
		const pages = await walk(
			sim,
			SV + 'fetch_user_post_videos',
			{ sec_user_id: secUserId, max_cursor: 0, count: 20 },
			(d) => (d.has_more ? { max_cursor: d.max_cursor } : undefined),
		);
		expect(pages.map((p) => p.aweme_list.length)).toEqual([20, 20, 5]);
		expect(pages.flatMap((p) => p.aweme_list.map((v: any) => v.aweme_id))).toEqual(
			sim.dataset.userPostVideos(secUserId).map((v) => v.aweme_id),
		);
	});

	it('refresh_index: home feed', async () => {
		const pages = await walk(sim, SV + 'fetch_home_feed', { refresh_index: 0 }, (d, seen) =>
			d.has_more ? { refresh_index: seen } : undefined,
		);
		expect(pages.flatMap((p) => p.aweme_list)).toHaveLength(sim.dataset.homeFeed().length);
		expect(pages).toHaveLength(4);
	});

	/** The next request of a recorded comments page: `index` and `pageArea` sit only inside the JSON cursor. */
	const nextComments = (d: any) => {
		if (!d.data.has_more) return undefined;
		const { index, pageArea } = JSON.parse(d.data.cursor);
		return { cursor: d.data.cursor, index, pageArea };
	};

	it('cursor (JSON text with index and pageArea): note comments, including the FOLDED area', async () => {
		const { noteId } = sim.dataset.ids;
		const pages = await walk(
			sim,
			NOTES + 'get_note_comments',
			{ note_id: noteId, cursor: '', index: 0 },
			nextComments,
		);
		const ids = pages.flatMap((p) => p.data.comments.map((c: any) => c.id));
		expect(ids).toEqual(sim.dataset.noteComments(noteId).map((c) => c.id));
		for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
		for (const page of pages) expect(page.data).not.toHaveProperty('index');
		expect(pages.map((p) => JSON.parse(p.data.cursor).pageArea)).toContain('FOLDED');

		const cursor = pages[0].data.cursor;
		const wrongIndex = await run(sim, NOTES + 'get_note_comments', {
			note_id: noteId,
			cursor,
			index: 0,
			pageArea: JSON.parse(cursor).pageArea,
		});
		expect(wrongIndex.status).toBe(400);
		const withoutArea = await run(sim, NOTES + 'get_note_comments', {
			note_id: noteId,
			cursor,
			index: JSON.parse(cursor).index,
			pageArea: 'FOLDED',
		});
		expect(withoutArea.status).toBe(400);
	});

	it('page + sticky search ids beside the inner data, next_page: note search', async () => {
		const first = await run(sim, NOTES + 'search_notes', { keyword: 'acme', page: 1 });
		const { search_id, search_session_id, page, next_page } = first.body.data;
		expect([page, next_page]).toEqual([1, 2]);
		expect(first.body.data.data).not.toHaveProperty('has_more');
		expect((await run(sim, NOTES + 'search_notes', { keyword: 'acme', page: 2 })).status).toBe(400);
		const pages = await walk(
			sim,
			NOTES + 'search_notes',
			{ keyword: 'acme', page: 2, search_id, search_session_id },
			(d) => (d.next_page ? { page: d.next_page } : undefined),
		);
		const items = [...first.body.data.data.items, ...pages.flatMap((p) => p.data.items)];
		expect(items.map((i: any) => i.note.id)).toEqual(
			sim.dataset.searchNotes('acme').map((i) => i.id),
		);
		for (const item of items) expect(item.note.xsec_token).toMatch(/^AB[A-Za-z0-9+/]{43}=$/);
	});

	it('last_buffer: channel user videos (raw), continueFlag alone as genuine answers say more, the last page keeps a buffer with flag 0', async () => {
		const { finderUsername } = sim.dataset.ids;
		const pages = await walk(
			sim,
			CHANNELS + 'fetch_user_videos',
			{ username: finderUsername },
			(d) => (d.continueFlag ? { last_buffer: d.lastBuffer } : undefined),
		);
		expect(pages.length).toBeGreaterThan(1);
		expect(pages.flatMap((p) => p.object)).toHaveLength(
			sim.dataset.channelUserVideos(finderUsername).length,
		);
		for (const page of pages) expect(page).not.toHaveProperty('upContinueFlag');
		expect(pages.at(-1)).toMatchObject({ continueFlag: 0 });
		expect(pages.at(-1).lastBuffer).not.toBe('');
	});

	it('buffer: article comments end with an empty buffer', async () => {
		const { articleUrl } = sim.dataset.ids;
		const pages = await walk(
			sim,
			ARTICLES + 'fetch_article_comments',
			{ url: articleUrl, raw: false },
			(d) => (d.has_more ? { buffer: d.buffer } : undefined),
		);
		expect(pages.flatMap((p) => p.comments)).toHaveLength(
			sim.dataset.articleComments(articleUrl).length,
		);
		expect(pages.at(-1)).toMatchObject({ buffer: '', has_more: false });
	});

	it('cursor: search hits spread over boxes and sub-boxes (raw)', async () => {
		const pages = await walk(
			sim,
			SEARCH + 'fetch_search',
			{ keyword: 'acme', sort: 'latest' },
			(d) => (d.continue_flag ? { cursor: d.cursor } : undefined),
		);
		const hits = pages.flatMap((p) =>
			p.results.data.flatMap((box: any) => [
				...box.items,
				...box.subBoxes.flatMap((s: any) => s.items),
			]),
		);
		const expected = sim.dataset.searchHits('acme', 'all', { sort: 'latest' });
		expect(hits.map((h: any) => String(h.docID)).sort()).toEqual(
			expected.map((h) => String(h.docID)).sort(),
		);
		expect(pages.some((p) => p.results.data.some((box: any) => box.subBoxes.length > 0))).toBe(
			true,
		);

		const changedSort = await run(sim, SEARCH + 'fetch_search', {
			keyword: 'acme',
			sort: 'hot',
			cursor: pages[0].cursor,
		});
		expect(changedSort.status).toBe(400);
		const sameSortAsInteger = await run(sim, SEARCH + 'fetch_search', {
			keyword: 'acme',
			sort: 1,
			cursor: pages[0].cursor,
		});
		expect(sameSortAsInteger.status).toBe(200);
		const offsetOnly = await run(sim, SEARCH + 'fetch_search', {
			keyword: 'acme',
			sort: 'latest',
			offset: 20,
			raw: false,
		});
		expect(offsetOnly.body.data.items.map((h: any) => String(h.docID))).toEqual(
			(
				await run(sim, SEARCH + 'fetch_search', { keyword: 'acme', sort: 'latest', raw: false })
			).body.data.items.map((h: any) => String(h.docID)),
		);
	});
});

describe('input rules', () => {
	it.each([
		[
			'business_type outside its set',
			SEARCH + 'fetch_search',
			{ keyword: 'acme', business_type: 'podcast' },
			422,
		],
		['sort outside keys and integers', SEARCH + 'fetch_search', { keyword: 'acme', sort: 3 }, 400],
		[
			'publish_time outside keys and integers',
			SEARCH + 'fetch_search',
			{ keyword: 'acme', publish_time: 'month' },
			400,
		],
		[
			'duration outside keys and integers',
			SEARCH + 'fetch_search_videos',
			{ keyword: 'acme', duration: 9 },
			400,
		],
		['a blank keyword', SEARCH + 'fetch_search', { keyword: '   ' }, 400],
		[
			'a keyword over 100 characters',
			SEARCH + 'fetch_search_videos',
			{ keyword: 'k'.repeat(101) },
			400,
		],
		[
			'more than 50 ids',
			SV + 'fetch_multi_video',
			{ aweme_ids: Array.from({ length: 51 }, (_, i) => `7${String(i).padStart(18, '0')}`) },
			400,
		],
		[
			'more than 50 comma-separated ids',
			SV + 'fetch_multi_video_high_quality_play_url',
			{ aweme_ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') },
			400,
		],
		['an export_id without export/', CHANNELS + 'fetch_video_detail', { export_id: 'abc' }, 400],
		['a like list without cookie', SV + 'fetch_user_like_videos', { sec_user_id: 'x' }, 400],
	])('rejects %s', async (_, endpoint, input, status) => {
		expect((await run(sim, endpoint, input)).status).toBe(status);
	});

	it('names a missing required field', async () => {
		const answer = await run(sim, SV + 'fetch_one_video_danmaku', {
			item_id: '7123',
			duration: 60_000,
			start_time: 0,
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe('Missing required field: end_time');
	});

	it('accepts integer aliases and trims the keyword it echoes', async () => {
		const answer = await run(sim, SEARCH + 'fetch_search_videos', {
			keyword: '  acme  ',
			sort: 2,
			publish_time: 3,
			duration: 1,
			raw: false,
		});
		expect(answer.status).toBe(200);
		expect(answer.body.data).toMatchObject({
			keyword: 'acme',
			total: sim.dataset.searchVideoHits('acme', {
				sort: 'hot',
				publish_time: 'half_year',
				duration: 'short',
			}).length,
		});
		expect(answer.body.data.items[0].title).toContain('<em class="highlight">acme</em>');
	});

	it('answers an unresolved channel id with username null and an error', async () => {
		const answer = await run(sim, CHANNELS + 'fetch_channel_id_to_username', {
			channel_id: 'abc123',
			raw: false,
		});
		expect(answer.body.data).toMatchObject({
			channel_id: 'abc123',
			username: null,
			error: expect.any(String),
		});
	});

	it('filters publish_time relative to the virtual clock', async () => {
		const own = await startSimulator();
		try {
			const lastDay = async () =>
				(
					await run(own, SEARCH + 'fetch_search', {
						keyword: 'acme',
						business_type: 'article',
						publish_time: 'day',
						raw: false,
					})
				).body.data.total;
			expect(await lastDay()).toBe(
				own.dataset.searchHits('acme', 'article', { publish_time: 'day' }).length,
			);
			expect(await lastDay()).toBeGreaterThan(0);
			expect(
				(
					await http(own, '/__sim/clock/advance', {
						method: 'POST',
						body: JSON.stringify({ ms: 2 * 86_400_000 }),
					})
				).status,
			).toBe(200);
			expect(await lastDay()).toBe(0);
		} finally {
			await own.close();
		}
	});
});

describe('faults', () => {
	it('answers a queued 429 with Retry-After and does not bill it', async () => {
		sim.faults.queue({ status: 429, retryAfterSeconds: 7 });
		const answer = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		expect(answer.status).toBe(429);
		expect(answer.headers['retry-after']).toBe('7');
		expect(sim.ledger.billedCalls()).toBe(0);
		expect((await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' })).status).toBe(200);
	});

	it('applies a fault filtered by endpoint only to that endpoint', async () => {
		sim.faults.queue({ endpoint: 'fetch_one_video', status: 500 });
		expect((await run(sim, SV + 'fetch_one_video_v2', { aweme_id: '7123' })).status).toBe(200);
		expect((await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' })).status).toBe(500);
	});

	it('resets the connection without an answer', async () => {
		sim.faults.queue({ reset: true });
		await expect(run(sim, SV + 'fetch_one_video', { aweme_id: '7123' })).rejects.toThrow();
		expect(sim.ledger.entries).toHaveLength(0);
	});

	it('cuts the body in half', async () => {
		sim.faults.queue({ truncate: true });
		const truncated = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' }).then(
			(answer) => answer.body,
			() => 'failed',
		);
		expect(truncated === 'failed' || truncated === undefined).toBe(true);
		expect(sim.ledger.billedCalls()).toBe(0);
		expect(sim.ledger.entries[0]).toMatchObject({ credits: 0, fault: 'truncate' });
	});

	it('answers an HTML 502 page', async () => {
		sim.faults.queue({ html: true });
		const answer = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		expect(answer.status).toBe(502);
		expect(answer.headers['content-type']).toContain('text/html');
		expect(answer.text).toContain('502 Bad Gateway');
	});

	it('injects seeded random faults at a rate', async () => {
		const statuses = async () => {
			sim.faults.setRate({ rate: 0.5, kinds: ['503'], seed: 3 });
			const out: number[] = [];
			for (let i = 0; i < 12; i++)
				out.push((await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' })).status);
			sim.faults.clear();
			return out;
		};
		const first = await statuses();
		expect(new Set(first)).toEqual(new Set([200, 503]));
		expect(await statuses()).toEqual(first);
	});

	it('redirects to another origin after checking the key, without the key in the Location', async () => {
		sim.faults.queue(
			{ redirect: { to: 'http://127.0.0.1:9/elsewhere/' } },
			{ redirect: { to: 'http://127.0.0.1:9', status: 302 } },
		);
		const answer = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		expect(answer.status).toBe(307);
		expect(answer.headers.location).toBe('http://127.0.0.1:9/elsewhere/api/v1/run');
		const native = await http(
			sim,
			`/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=${SIMULATOR_API_KEY}&alt=sse`,
			{ method: 'POST', body: '{}' },
		);
		expect(native.status).toBe(302);
		expect(native.headers.location).toBe(
			'http://127.0.0.1:9/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
		);
		expect(sim.requests.slice(-2).map((r) => r.fault)).toEqual(['redirect 307', 'redirect 302']);
		expect(sim.ledger.billedCalls()).toBe(0);
		const unauthenticated = await http(sim, '/v1/models');
		expect(unauthenticated.status).toBe(401);
		expect(() => sim.faults.queue({ redirect: { to: 'not a url' } })).toThrow(/absolute/);
		expect(() => sim.faults.queue({ redirect: { to: 'http://x', status: 200 as 307 } })).toThrow(
			/redirect.status/,
		);
	});

	it("refuses a used-up balance or quota before the work, unbilled, in each interface's words", async () => {
		await http(sim, '/__sim/faults', {
			method: 'POST',
			body: JSON.stringify({ rate: 1, kinds: ['quota'] }),
		});
		const data = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		expect(data.status).toBe(402);
		expect(data.body).toMatchObject({
			code: 402,
			message: expect.stringMatching(/^Insufficient balance/),
		});
		const chat = await http(sim, '/v1/chat/completions', {
			method: 'POST',
			headers: { authorization: `Bearer ${SIMULATOR_API_KEY}` },
			body: JSON.stringify({
				model: 'gemini-2.5-flash',
				messages: [{ role: 'user', content: 'hi' }],
			}),
		});
		expect(chat.status).toBe(403);
		expect(chat.body).toMatchObject({
			error: { type: 'new_api_error', code: 'pre_consume_token_quota_failed' },
		});
		const messages = await http(sim, '/v1/messages', {
			method: 'POST',
			headers: { 'x-api-key': SIMULATOR_API_KEY, 'anthropic-version': '2023-06-01' },
			body: JSON.stringify({
				model: 'm',
				max_tokens: 5,
				messages: [{ role: 'user', content: 'hi' }],
			}),
		});
		expect(messages.status).toBe(403);
		expect(messages.body).toEqual({
			type: 'error',
			error: {
				type: 'new_api_error',
				message: expect.stringMatching(/^token quota is not enough/),
			},
		});
		expect(sim.requests.map((request) => request.fault)).toEqual(['quota', 'quota', 'quota']);
		expect(sim.ledger.billedCalls()).toBe(0);
		expect(() => sim.faults.queue({ quota: true, status: 429 })).toThrow(/at most one/);
	});

	it('takes faults over HTTP', async () => {
		await http(sim, '/__sim/faults', { method: 'POST', body: JSON.stringify([{ status: 503 }]) });
		expect((await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' })).status).toBe(503);
	});
});

describe('ledger', () => {
	it('bills successes and the notes upstream error, not rejections', async () => {
		await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		await run(sim, SV + 'fetch_one_video', {});
		await run(sim, SEARCH + 'fetch_search', { keyword: 'acme', business_type: 'podcast' });
		const missingNote = await run(sim, NOTES + 'get_note_comments', {
			note_id: sim.dataset.ids.missingNoteId,
		});
		expect(missingNote.body.data).toMatchObject({ code: -1, success: false, data: null });
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(sim.ledger.credits()).toBe(0.2);
		expect(sim.ledger.entries.map((e) => [e.status, e.credits])).toEqual([
			[200, 0.1],
			[400, 0],
			[422, 0],
			[200, 0.1],
		]);
		const overHttp = await http(sim, '/__sim/ledger');
		expect(overHttp.body).toMatchObject({ billedCalls: 2, credits: 0.2 });
		await http(sim, '/__sim/reset', { method: 'POST' });
		expect(sim.ledger.entries).toHaveLength(0);
	});

	it('records a batch of play links as 50 units', async () => {
		const answer = await run(sim, SV + 'fetch_multi_video_high_quality_play_url', {
			aweme_ids: '7123,abc',
		});
		expect(answer.body.data).toMatchObject({ total: 2, success_count: 1, failed_count: 1 });
		expect(sim.ledger.entries[0]).toMatchObject({ credits: 0.1, units: 50 });
	});
});

describe('64-bit ids', () => {
	it('writes ids beyond 2^53 as unquoted digits', async () => {
		const answer = await run(sim, CHANNELS + 'fetch_video_comments', {
			object_id: sim.dataset.ids.objectId,
			raw: false,
		});
		const expected = String(
			sim.dataset.channelVideoComments(sim.dataset.ids.objectId)[0].comment_id,
		);
		expect(BigInt(expected) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
		expect(answer.text).toContain(`"comment_id":${expected}`);
		expect(answer.text).toContain(`"object_id":${sim.dataset.ids.objectId}`);
		const video = await run(sim, SV + 'fetch_one_video', { aweme_id: '7123' });
		expect(video.text).toMatch(/"aweme_id":"7123","group_id":\d{19},/);
	});

	it('keeps the raw request body', async () => {
		const body = `{"provider":"${PROVIDER}","endpoint":"${SV}fetch_one_video","input":{"aweme_id":"7123","probe":12345678901234567891}}`;
		await http(sim, '/api/v1/run', { method: 'POST', headers: bearer(), body });
		expect(sim.requests.at(-1)?.bodyText).toBe(body);
		expect((sim.requests.at(-1)?.input as { probe: bigint }).probe).toBe(12345678901234567891n);
	});
});

describe('options', () => {
	it('serves overridden totals and page sizes', async () => {
		const big = await startSimulator({ totals: { get_note_comments: 20_000 }, pageSize: 1_000 });
		try {
			const noteId = big.dataset.ids.noteId;
			const pages = await walk(big, NOTES + 'get_note_comments', { note_id: noteId }, (d) => {
				if (!d.data.has_more) return undefined;
				const { index, pageArea } = JSON.parse(d.data.cursor);
				return { cursor: d.data.cursor, index, pageArea };
			});
			expect(pages.reduce((sum, p) => sum + p.data.comments.length, 0)).toBe(20_000);
			expect(big.dataset.noteComments(noteId)).toHaveLength(20_000);
		} finally {
			await big.close();
		}
	}, 30_000);
});

describe("shapes: 'spec' keeps the spec's own answers", () => {
	let spec: Simulator;
	useSimulator((started) => (spec = started), { shapes: 'spec' });

	it('cursor + index + pageArea side by side: note comments, including the FOLDED area', async () => {
		const { noteId } = spec.dataset.ids;
		const pages = await walk(
			spec,
			NOTES + 'get_note_comments',
			{ note_id: noteId, cursor: '', index: 0 },
			(d) =>
				d.data.has_more
					? { cursor: d.data.cursor, index: d.data.index, pageArea: d.data.pageArea }
					: undefined,
		);
		const ids = pages.flatMap((p) => p.data.comments.map((c: any) => c.id));
		expect(ids).toEqual(spec.dataset.noteComments(noteId).map((c) => c.id));
		expect(pages.map((p) => p.data.pageArea)).toContain('FOLDED');

		const second = pages[0].data;
		const wrongIndex = await run(spec, NOTES + 'get_note_comments', {
			note_id: noteId,
			cursor: second.cursor,
			index: 0,
			pageArea: second.pageArea,
		});
		expect(wrongIndex.status).toBe(400);
		const lastUnfolded = pages.find((p) => p.data.pageArea === 'FOLDED').data;
		const wrongArea = await run(spec, NOTES + 'get_note_comments', {
			note_id: noteId,
			cursor: lastUnfolded.cursor,
			index: lastUnfolded.index,
			pageArea: 'UNFOLDED',
		});
		expect(wrongArea.status).toBe(400);
	});

	it("last_buffer + upContinueFlag: channel user videos (raw), the spec's flag name", async () => {
		const { finderUsername } = spec.dataset.ids;
		const pages = await walk(
			spec,
			CHANNELS + 'fetch_user_videos',
			{ username: finderUsername },
			(d) => (d.upContinueFlag ? { last_buffer: d.lastBuffer } : undefined),
		);
		expect(pages.flatMap((p) => p.object)).toHaveLength(
			spec.dataset.channelUserVideos(finderUsername).length,
		);
		for (const page of pages) expect(page).not.toHaveProperty('continueFlag');
	});

	it('page + sticky search ids inside data, has_more: note search', async () => {
		const first = await run(spec, NOTES + 'search_notes', { keyword: 'acme', page: 1 });
		const { search_id, search_session_id } = first.body.data.data;
		const pages = await walk(
			spec,
			NOTES + 'search_notes',
			{ keyword: 'acme', page: 2, search_id, search_session_id },
			(d, seen) => (d.data.has_more ? { page: seen + 2 } : undefined),
		);
		const items = [...first.body.data.data.items, ...pages.flatMap((p) => p.data.items)];
		expect(items.map((i: any) => i.id)).toEqual(spec.dataset.searchNotes('acme').map((i) => i.id));
	});
});
