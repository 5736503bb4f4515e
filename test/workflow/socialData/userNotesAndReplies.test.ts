import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// Xiaohongshu endpoints beyond the interface document (issue 32): a user's posted notes (a cursor
// walk: each note carries the cursor of the page after it), a comment's replies (cursor and index
// inside the answer's JSON-text cursor) and note details, through n8n's engine against the
// simulator's answers in the captured app shapes.

const PAGE_SIZE = 4;

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE });

const runInputs = () =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => JSON.parse(request.bodyText) as { endpoint: string; input: IDataObject });

const postedNotes = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'notes',
	operation: 'get_user_posted_notes',
	user_id: sim.dataset.ids.noteUserId,
	share_text: '',
	...parameters,
});

const replies = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'notes',
	operation: 'get_note_sub_comments',
	note_id: sim.dataset.ids.noteId,
	share_text: '',
	comment_id: sim.dataset.ids.noteCommentId,
	...parameters,
});

describe("notes › get_user_posted_notes: a user's notes, newest first", () => {
	it("Return All walks every page, each sending the previous page's last note as cursor", async () => {
		const expected = sim.dataset.userNotes(sim.dataset.ids.noteUserId);
		const { items, error, hints } = await runSocialData(sim, postedNotes({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items.map((item) => item.json.id)).toEqual(expected.map((note) => note.id));
		expect(items[0].json.sticky).toBe(true);

		const inputs = runInputs();
		expect(inputs).toHaveLength(Math.ceil(expected.length / PAGE_SIZE));
		expect(inputs[0].endpoint).toBe('/api/v1/xiaohongshu/app_v2/get_user_posted_notes');
		expect(inputs.map((request) => request.input.cursor)).toEqual(
			inputs.map((_, page) => (page === 0 ? '' : expected[page * PAGE_SIZE - 1].id)),
		);
		for (const { input } of inputs)
			expect(input).toMatchObject({ user_id: expected[0].user.userid });
		expect(sim.ledger.billedCalls()).toBe(inputs.length);
	});

	it('Limit stops in the second page and sends no third call', async () => {
		const { items } = await runSocialData(sim, postedNotes({ returnAll: false, limit: 6 }));
		expect(items).toHaveLength(6);
		expect(runInputs()).toHaveLength(2);
	});

	it('reads the user from a profile link in Share Text', async () => {
		const userId = sim.dataset.ids.noteUserId;
		const { items, error } = await runSocialData(
			sim,
			postedNotes({
				user_id: '',
				share_text: `See https://www.notes.example.com/user/profile/${userId}?xsec_token=sim`,
				returnAll: false,
				limit: 2,
			}),
		);
		expect(error).toBeUndefined();
		expect(runInputs()[0].input).toMatchObject({ share_text: expect.stringContaining(userId) });
		expect((items[0].json.user as IDataObject).userid).toBe(userId);
	});

	it('outputs each note as a mention of the notes platform, with its web link', async () => {
		const expected = sim.dataset.userNotes(sim.dataset.ids.noteUserId).slice(0, 3);
		const { items, error } = await runSocialData(
			sim,
			postedNotes({ returnAll: false, limit: 3, options: { mentions: true } }),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(expected.map((note) => note.id));
		for (const [index, { json }] of items.entries()) {
			const note = expected[index];
			expect(json).toMatchObject({
				platform: 'notes',
				kind: 'post',
				postId: null,
				url: `https://www.xiaohongshu.com/explore/${note.id}`,
				title: note.title,
				author: note.user.nickname,
				likes: note.liked_count,
				// The app's posted-notes list gives no creation time.
				publishedAt: null,
			});
		}
	});

	it('Only New Since Last Run outputs only the notes posted since the last run', async () => {
		const staticData: IDataObject = {};
		const userId = sim.dataset.ids.noteUserId;
		const parameters = postedNotes({ returnAll: true, options: { onlyNew: true } });
		const first = await runSocialData(sim, parameters, { staticData });
		expect(first.error).toBeUndefined();
		expect(first.items.length).toBe(sim.dataset.userNotes(userId).length);

		const spike = await fetch(`${sim.url}/__sim/arrivals`, {
			method: 'POST',
			body: JSON.stringify({ list: `user-notes:${userId}`, count: 2 }),
		});
		expect(spike.status).toBe(200);
		const callsBefore = runInputs().length;
		const second = await runSocialData(sim, parameters, { staticData });
		expect(second.error).toBeUndefined();
		const fresh = sim.dataset
			.userNotes(userId)
			.filter((note) => !note.sticky)
			.slice(0, 2)
			.reverse();
		expect(second.items.map((item) => item.json.id)).toEqual(fresh.map((note) => note.id));
		// One page holds the new notes and the first note seen before.
		expect(runInputs().length - callsBefore).toBe(1);
	});

	it('an unknown user: the upstream error inside the 200 answer fails the item (billed)', async () => {
		const { items, error } = await runSocialData(sim, postedNotes({ user_id: '0'.repeat(24) }));
		expect(items).toHaveLength(0);
		expect(error?.message).toContain(`user ${'0'.repeat(24)} not found`);
		expect(sim.ledger.billedCalls()).toBe(1);
	});
});

describe("notes › get_note_sub_comments: a comment's replies", () => {
	it('Return All sends cursor and index from the JSON-text cursor of each previous answer', async () => {
		const { noteId, noteCommentId } = sim.dataset.ids;
		const expected = sim.dataset.noteSubComments(noteId, noteCommentId);
		const { items, error, hints } = await runSocialData(sim, replies({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items.map((item) => item.json.id)).toEqual(expected.map((reply) => reply.id));
		for (const { json } of items)
			expect(json.target_comment).toMatchObject({ id: noteCommentId, note_id: noteId });

		const inputs = runInputs().map((request) => request.input);
		expect(inputs).toHaveLength(Math.ceil(expected.length / PAGE_SIZE));
		expect(inputs.map((input) => [input.cursor, input.index])).toEqual(
			inputs.map((_, page) => [page === 0 ? '' : expected[page * PAGE_SIZE - 1].id, page + 1]),
		);
		for (const input of inputs)
			expect(input).toMatchObject({ note_id: noteId, comment_id: noteCommentId });
		expect(sim.ledger.billedCalls()).toBe(inputs.length);
	});

	it('Limit takes the first replies in one call', async () => {
		const { items } = await runSocialData(sim, replies({ returnAll: false, limit: 3 }));
		expect(items).toHaveLength(3);
		expect(runInputs().map((request) => request.input)).toEqual([
			expect.objectContaining({ cursor: '', index: 1 }),
		]);
	});
});

describe('notes › get_image_note_detail and get_video_note_detail', () => {
	it.each(['get_image_note_detail', 'get_video_note_detail'])(
		'%s: the note in the app detail answer, and as a mention with its time',
		async (operation) => {
			const note = sim.dataset.noteDetail(sim.dataset.ids.noteId)!;
			const whole = await runSocialData(sim, {
				resource: 'notes',
				operation,
				note_id: note.id,
				share_text: '',
			});
			expect(whole.error).toBeUndefined();
			// The note of the feed list the app answers, as the record of the one page.
			expect(whole.items).toHaveLength(1);
			expect(whole.items[0].json).toMatchObject({ id: note.id, time: note.time, type: note.type });
			expect(runInputs()[0].endpoint).toBe(`/api/v1/xiaohongshu/app_v2/${operation}`);

			const { items, error } = await runSocialData(sim, {
				resource: 'notes',
				operation,
				note_id: '',
				share_text: sim.dataset.ids.noteShareText,
				options: { mentions: true },
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				platform: 'notes',
				kind: 'post',
				id: note.id,
				title: note.title,
				text: note.desc,
				author: note.user.nickname,
				publishedAt: new Date(note.time * 1000).toISOString(),
				likes: note.liked_count,
				comments: note.comments_count,
				shares: note.shared_count,
			});
		},
	);

	it('an answer of another shape is reported as such, never as a missing note', async () => {
		sim.faults.queue({
			endpoint: 'get_video_note_detail',
			data: { data: { note: { id: sim.dataset.ids.noteId } } },
		});
		const { items, error, hints } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'get_video_note_detail',
			note_id: sim.dataset.ids.noteId,
			share_text: '',
		});
		expect(items).toHaveLength(0);
		expect([error?.message, ...hints].join(' ')).toMatch(
			/get_video_note_detail: answered in an unknown shape.*data\.data \{note\}/,
		);
	});

	it('a deleted note: the upstream error inside the 200 answer fails the item (billed)', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'get_image_note_detail',
			note_id: sim.dataset.ids.missingNoteId,
			share_text: '',
		});
		expect(error?.message).toContain('not found or deleted');
		expect(sim.ledger.billedCalls()).toBe(1);
	});
});

describe('the new notes operations: bad input fails before any call, naming the field and the item', () => {
	it.each<[string, () => INodeParameters, string]>([
		['posted notes: neither user_id nor share_text', () => postedNotes({ user_id: '' }), 'user_id'],
		[
			'posted notes: a user id that is not 24 hex',
			() => postedNotes({ user_id: 'alice' }),
			'user_id',
		],
		['replies: neither note_id nor share_text', () => replies({ note_id: '' }), 'note_id'],
		[
			'replies: a comment id that is not 24 hex',
			() => replies({ comment_id: '12345' }),
			'comment_id',
		],
		[
			'detail: neither note_id nor share_text',
			() => ({
				resource: 'notes',
				operation: 'get_video_note_detail',
				note_id: '',
				share_text: '',
			}),
			'note_id',
		],
	])('%s', async (_, parameters, field) => {
		const { items, error } = await runSocialData(sim, parameters());
		expect(items).toHaveLength(0);
		expect(error?.message).toContain(`"${field}"`);
		expect(error?.message).toContain('(item 0)');
		expect(sim.requests).toHaveLength(0);
		expect(sim.ledger.credits()).toBe(0);
	});

	it('a bad second item stops the run before the first item is sent', async () => {
		const { error } = await runSocialData(
			sim,
			postedNotes({ user_id: '={{ $json.user }}', returnAll: false, limit: 2 }),
			{
				inputItems: [{ json: { user: sim.dataset.ids.noteUserId } }, { json: { user: 'bob' } }],
			},
		);
		expect(error?.message).toMatch(/"user_id".*\(item 1\)/);
		expect(sim.requests).toHaveLength(0);
	});
});
