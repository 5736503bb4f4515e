import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { PROVIDER, SIMULATOR_API_KEY, type Simulator } from '../../../simulator';
import { recordedAnswer } from '../../../simulator/shapes/template';
import { parametersFor, runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

/**
 * The node on the genuine captured answers themselves (simulator/recorded/), word for word: the
 * simulator answers the call, then its upstream answer is replaced by the capture.
 */

let sim: Simulator;
useSimulator((started) => (sim = started), { reset: 'never' });

/** The keys of the upstream answer the simulator gives this call, so the capture can replace them all. */
async function simulatorKeys(endpoint: string, input: IDataObject): Promise<string[]> {
	const response = await fetch(`${sim.url}/api/v1/run`, {
		method: 'POST',
		headers: { authorization: `Bearer ${SIMULATOR_API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ provider: PROVIDER, endpoint, input }),
	});
	return Object.keys(((await response.json()) as { data: IDataObject }).data);
}

/** The next call of `operation` answers the capture in `file` as its upstream answer, and nothing else. */
async function answerWithCapture(
	operation: string,
	endpoint: string,
	input: IDataObject,
	file: string,
) {
	const capture = recordedAnswer(file);
	const cleared = Object.fromEntries(
		(await simulatorKeys(endpoint, input)).map((key) => [key, undefined]),
	);
	sim.reset();
	sim.faults.queue({ endpoint: operation, data: { ...cleared, ...capture } });
	return capture;
}

const run = (parameters: INodeParameters) => runSocialData(sim, parameters);

describe('genuine captures through the node', () => {
	it('notes search (web variant, no paging facts): notes with working links, titles, counts and times', async () => {
		const capture = await answerWithCapture(
			'search_notes',
			'/api/v1/xiaohongshu/app_v2/search_notes',
			{ keyword: 'acme', page: 1 },
			'notes/search_notes.json',
		);
		const notes = ((capture.data as IDataObject).items as IDataObject[]).map(
			(item) => item.note as IDataObject,
		);
		const { items, error, hints } = await run({
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: false,
			limit: notes.length,
			options: { mentions: true },
		});
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items.map(({ json }) => json.id)).toEqual(notes.map((note) => note.id));
		items.forEach(({ json }, n) => {
			expect(json.url).toBe(
				`https://www.xiaohongshu.com/explore/${String(notes[n].id)}?xsec_token=${encodeURIComponent(String(notes[n].xsec_token))}&xsec_source=pc_search`,
			);
			expect(json.title).not.toBe('');
			expect(json.likes).toBe(notes[n].liked_count);
			expect(json.publishedAt).toBe(new Date(Number(notes[n].timestamp) * 1000).toISOString());
		});
	});

	it('note comments (last page, JSON-text cursor): every comment, one call', async () => {
		const { noteId } = sim.dataset.ids;
		const capture = await answerWithCapture(
			'get_note_comments',
			'/api/v1/xiaohongshu/app_v2/get_note_comments',
			{ note_id: noteId },
			'notes/get_note_comments.json',
		);
		const { items, error } = await run({
			resource: 'notes',
			operation: 'get_note_comments',
			note_id: noteId,
			share_text: '',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		const comments = (capture.data as IDataObject).comments as IDataObject[];
		expect(items.map(({ json }) => json.id)).toEqual(comments.map((comment) => comment.id));
		expect(sim.ledger.billedCalls()).toBe(1);
	});

	it.each([
		['channels/fetch_video_comments.web.json', 'commentInfo', 'commentId'],
		['channels/fetch_video_comments.v1.json', 'comment_info', 'comment_id'],
	])('channel video comments (%s): the comments, 20-digit ids exact', async (file, list, idKey) => {
		const parameters = parametersFor(sim.dataset.ids).fetch_video_comments;
		const capture = await answerWithCapture(
			'fetch_video_comments',
			'/api/v1/wechat_channels/v2/fetch_video_comments',
			{ object_id: parameters.object_id as string, raw: true },
			file,
		);
		const comments = capture[list] as IDataObject[];
		const { items, error } = await run({
			resource: 'channels',
			operation: 'fetch_video_comments',
			...parameters,
			limit: comments.length,
			options: { raw: true },
		});
		expect(error).toBeUndefined();
		expect(items.map(({ json }) => json[idKey])).toEqual(comments.map((c) => String(c[idKey])));
		for (const { json } of items) expect(String(json[idKey])).toMatch(/^\d{20}$/);
	});

	it('article comments (older elected_comment): the comments, ids as strings', async () => {
		const parameters = parametersFor(sim.dataset.ids).fetch_article_comments;
		const capture = await answerWithCapture(
			'fetch_article_comments',
			'/api/v1/wechat_mp/v2/fetch_article_comments',
			{ url: parameters.url as string, raw: true },
			'articles/fetch_article_comments.appmsg_comment-2018.json',
		);
		const { items, error, hints } = await run({
			resource: 'articles',
			operation: 'fetch_article_comments',
			...parameters,
			returnAll: true,
			options: { raw: true },
		});
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		const comments = capture.elected_comment as IDataObject[];
		expect(items.map(({ json }) => json.content_id)).toEqual(
			comments.map((comment) => String(comment.content_id)),
		);
	});

	it('channel user videos (app answer, continueFlag 0, no upContinueFlag): its video, one call, no hint', async () => {
		const capture = recordedAnswer('channels/fetch_user_videos.app.json');
		sim.reset();
		// The keys of the simulator's answer the capture does not have.
		sim.faults.queue({
			endpoint: 'fetch_user_videos',
			data: { baseResponse: undefined, last_buffer: undefined, ...capture },
		});
		const { items, error, hints } = await run({
			resource: 'channels',
			operation: 'fetch_user_videos',
			username: sim.dataset.ids.finderUsername,
			returnAll: true,
			options: { raw: true },
		});
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(sim.ledger.billedCalls()).toBe(1);
		const objects = capture.object as IDataObject[];
		expect(items.map(({ json }) => json.id)).toEqual(objects.map((object) => String(object.id)));
	});

	it('a 搜一搜 answer whose source.title marks the keyword: mentions with the plain account name as author', async () => {
		const capture = recordedAnswer('search/fetch_search.finder.json');
		sim.reset();
		sim.faults.queue({ endpoint: 'fetch_search_videos', data: { results: capture } });
		const { items, error } = await run({
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: String(capture.query),
			returnAll: false,
			limit: 4,
			options: { raw: true, mentions: true },
		});
		expect(error).toBeUndefined();
		// The account box's hit, then the three video hits of the sub-boxes.
		expect(items).toHaveLength(4);
		const videos = items.filter(({ json }) => (json.source as IDataObject).source);
		expect(videos).toHaveLength(3);
		for (const { json } of videos) {
			expect(((json.source as IDataObject).source as IDataObject).title).toBe(
				'<em class="highlight">示例日报</em>',
			);
			expect(json.author).toBe('示例日报');
			expect(json.title).not.toMatch(/<[^>]+>/);
		}
	});

	it('a capture the pack does not read as records (user info in a search) is an unknown shape, not 0 results', async () => {
		await answerWithCapture(
			'search_notes',
			'/api/v1/xiaohongshu/app_v2/search_notes',
			{ keyword: 'acme', page: 1 },
			'notes/get_user_info.json',
		);
		const { items, error, hints } = await run({
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toMatch(/^search_notes: answered in an unknown shape/);
	});

	it('with Only New Since Last Run the same capture fails the item: the memory never moves past a page nobody could read', async () => {
		await answerWithCapture(
			'search_notes',
			'/api/v1/xiaohongshu/app_v2/search_notes',
			{ keyword: 'acme', page: 1 },
			'notes/get_user_info.json',
		);
		const { items, error } = await run({
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: true,
			options: { sort_type: 'time_descending', onlyNew: true },
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/unknown shape/);
	});
});
