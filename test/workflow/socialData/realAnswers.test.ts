import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

/**
 * The node on answers in the shapes genuine captures show (the simulator's default, see
 * simulator/recorded/README.md): paging, links, display counts and times, unknown shapes.
 */

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 8 });

const runCalls = () => sim.requests.filter((request) => request.path === '/api/v1/run');
const sentInputs = () =>
	runCalls().map((request) => JSON.parse(request.bodyText).input as Record<string, unknown>);

const searchNotes = (options: INodeParameters = {}, limit?: number): INodeParameters => ({
	resource: 'notes',
	operation: 'search_notes',
	keyword: sim.dataset.ids.keyword,
	returnAll: limit === undefined,
	...(limit === undefined ? {} : { limit }),
	options,
});

const note = (json: IDataObject) => json.note as IDataObject;

describe('notes search on the app answers: paging facts beside the inner data, no has_more', () => {
	it('Return All reads every page the answers offer, sending page and both search ids', async () => {
		const all = sim.dataset.searchNotes(sim.dataset.ids.keyword);
		const { items, error, hints } = await runSocialData(sim, searchNotes());
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items.map(({ json }) => note(json).id)).toEqual(all.map((hit) => hit.id));

		const inputs = sentInputs();
		expect(inputs).toHaveLength(Math.ceil(all.length / 8));
		expect(inputs[0]).not.toHaveProperty('search_id');
		const firstAnswer = runCalls()[0];
		expect(firstAnswer.status).toBe(200);
		inputs.forEach((input, index) => expect(input.page).toBe(index + 1));
		const [searchId, sessionId] = [inputs[1].search_id, inputs[1].search_session_id];
		expect(typeof searchId).toBe('string');
		expect(typeof sessionId).toBe('string');
		for (const input of inputs.slice(1)) {
			expect(input.search_id).toBe(searchId);
			expect(input.search_session_id).toBe(sessionId);
		}
	});

	it('Limit 20 reads the pages it needs, not one page only', async () => {
		const { items, error } = await runSocialData(sim, searchNotes({}, 20));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(sentInputs()).toHaveLength(3);
	});

	it('an answer with no more-pages signal at all (the web variant) pages on while pages hold records', async () => {
		const all = sim.dataset.searchNotes(sim.dataset.ids.keyword);
		const pages = Math.ceil(all.length / 8);
		// Every answer loses its paging facts; the ids the first one gave still sit inside the inner data.
		for (let page = 1; page <= pages + 1; page++)
			sim.faults.queue({
				endpoint: 'search_notes',
				data: { next_page: undefined, page: undefined },
			});
		const { items, error } = await runSocialData(sim, searchNotes());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(all.length);
		// With no signal, only a page without records says the list ended: one more call.
		expect(sentInputs()).toHaveLength(pages + 1);
	});
});

describe('note comments: index and pageArea read out of the JSON-text cursor', () => {
	it('Return All sends the cursor, its index and its pageArea on every later page, into the FOLDED area', async () => {
		const { noteId } = sim.dataset.ids;
		const { items, error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'get_note_comments',
			note_id: noteId,
			share_text: '',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.map(({ json }) => json.id)).toEqual(
			sim.dataset.noteComments(noteId).map((comment) => comment.id),
		);
		const inputs = sentInputs();
		expect(inputs[0]).toMatchObject({ cursor: '', index: 0 });
		for (const input of inputs.slice(1)) {
			const cursor = JSON.parse(input.cursor as string);
			expect(input.index).toBe(cursor.index);
			expect(typeof input.index).toBe('number');
			expect(input.pageArea).toBe(cursor.pageArea);
		}
		expect(inputs.map((input) => input.pageArea)).toContain('FOLDED');
	});
});

describe('mentions people can open, counts and times as platforms write them', () => {
	it('notes mentions link the note with its xsec_token', async () => {
		const { items } = await runSocialData(sim, searchNotes({ mentions: true }, 8));
		expect(items).toHaveLength(8);
		for (const { json } of items) {
			const source = note(json.source as IDataObject);
			expect(json.url).toBe(
				`https://www.xiaohongshu.com/explore/${String(source.id)}?xsec_token=${encodeURIComponent(String(source.xsec_token))}&xsec_source=pc_search`,
			);
			expect(json.openInApp).toBeNull();
			expect(json.publishedAt).toBe(new Date(Number(source.timestamp) * 1000).toISOString());
		}
	});

	const videoHit = (fields: IDataObject) => ({
		docID: 13800000000000000123n,
		exportId: 'export/UzFfAgtgekIEAQAAAAAAb4MaDc0AAAAA',
		title: 'acme <em class="highlight">video</em>',
		desc: '',
		source: { iconUrl: '', title: 'A creator' },
		jumpInfo: { extInfo: '{"behavior":[],"feedNonceId":"4488625110168773069"}' },
		...fields,
	});

	it('video search hits: display counts, the epoch beside a relative time, channel platform, the id to open in the app', async () => {
		const hits = [
			videoHit({ likeNum: '10万+', pubTime: 1650331621, dateTime: '4年前' }),
			videoHit({ likeNum: '1.2万', commentNum: '3亿', pubTime: 1700000000, dateTime: '2年前' }),
			videoHit({ likeNum: '1,234', title: '', desc: '\nFirst line of the text\nsecond line' }),
		];
		sim.faults.queue({
			endpoint: 'fetch_search_videos',
			data: { results: { ret: 0, data: [{ type: 'video', items: hits, subBoxes: [] }] } },
		});
		const { items, error } = await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: 'acme',
			returnAll: false,
			limit: 3,
			options: { raw: true, mentions: true },
		});
		expect(error).toBeUndefined();
		const mentions = items.map(({ json }) => json);
		expect(mentions.map((m) => m.likes)).toEqual([100_000, 12_000, 1_234]);
		expect(mentions[1].comments).toBe(300_000_000);
		expect(mentions.map((m) => m.publishedAt)).toEqual([
			'2022-04-19T01:27:01.000Z',
			'2023-11-14T22:13:20.000Z',
			null,
		]);
		expect(mentions[2].title).toBe('First line of the text');
		for (const mention of mentions) {
			expect(mention.platform).toBe('channels');
			expect(mention.id).toBe('13800000000000000123');
			expect(mention.url).toBeNull();
			expect(mention.openInApp).toBe('export/UzFfAgtgekIEAQAAAAAAb4MaDc0AAAAA');
		}
	});

	it('the simulator serves raw video hits in that shape, and every mention reads its numbers', async () => {
		const { items } = await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: sim.dataset.ids.keyword,
			returnAll: false,
			limit: 8,
			options: { raw: true, mentions: true },
		});
		expect(items).toHaveLength(8);
		for (const { json } of items) {
			const source = json.source as IDataObject;
			expect(typeof source.likeNum).toBe('string');
			expect(String(source.dateTime)).toMatch(/前$|^刚刚$/);
			expect(typeof json.likes).toBe('number');
			expect(json.publishedAt).toBe(new Date(Number(source.pubTime) * 1000).toISOString());
		}
	});
});

describe('an answer in an unknown shape is never "no results"', () => {
	const moved = { data: { notes: [{ id: '64a1f0c2000000001203b2c1' }] }, next_page: null };

	it('a successful answer with no records at any known place gives a hint naming the operation and the keys found', async () => {
		sim.faults.queue({ endpoint: 'search_notes', data: moved });
		const { items, error, hints } = await runSocialData(sim, searchNotes());
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toMatch(/^search_notes: answered in an unknown shape/);
		expect(hints[0]).toContain('data.data {notes}');
	});

	it('Fail turns it into an error (an error item with Continue On Fail), billed once', async () => {
		sim.faults.queue({ endpoint: 'search_notes', data: moved });
		const failed = await runSocialData(sim, searchNotes({ unknownShape: 'fail' }));
		expect(failed.error?.message).toMatch(/^"Search notes": answered in an unknown shape/);

		sim.reset();
		sim.faults.queue({ endpoint: 'search_notes', data: moved });
		const kept = await runSocialData(sim, searchNotes({ unknownShape: 'fail' }), {
			continueOnFail: true,
		});
		expect(kept.items).toHaveLength(1);
		expect(kept.items[0].json).toMatchObject({ endpoint: 'search_notes', status: 200 });
		expect(String(kept.items[0].json.error)).toMatch(/unknown shape/);
		expect(sim.ledger.billedCalls()).toBe(1);
	});
});
