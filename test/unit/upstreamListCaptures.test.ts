import type { IDataObject } from 'n8n-workflow';
import { recordsAt, valuesAt } from '../../nodes/SocialData/descriptor/answerPaths';
import { mentionMapperOf } from '../../nodes/SocialData/mentions/platforms';
import { nextPage } from '../../nodes/SocialData/pipeline/pageWalk';
import { recordedAnswer } from '../../simulator/shapes/template';
import { endpoint } from './support/inputRejection';

/**
 * The endpoints beyond the interface document on the genuine captures of the answers they forward
 * (simulator/recorded/README.md, issue 32): where records, cursors and the end sit in each variant.
 */

const paged = (name: string) => {
	const descriptor = endpoint(name);
	return { pagination: descriptor.pagination!, fields: descriptor.fields };
};
/** A run answer whose `data` is this upstream answer. */
const answer = (upstream: unknown) => ({ data: upstream });
const capture = (file: string) => recordedAnswer(file) as IDataObject;
const step = (name: string, request: IDataObject, body: unknown) =>
	nextPage(paged(name), 'raw', request, body, true, new Set());

describe('a path step for the last element of a list', () => {
	it('reads the last record, and nothing in an empty list', () => {
		const body = { data: { notes: [{ cursor: 'a' }, { cursor: 'b' }] } };
		expect(valuesAt(body, 'data.notes.-1.cursor')).toEqual(['b']);
		expect(valuesAt({ data: { notes: [] } }, 'data.notes.-1.cursor')).toEqual([]);
	});
});

describe('get_user_posted_notes on the app capture (no more-pages flag, no cursor beside the list)', () => {
	const app = capture('notes/get_user_posted_notes.app-2023.json');
	const notes = (app.data as IDataObject).notes as IDataObject[];

	it("its notes, and the next page starts after the last note's own cursor", () => {
		expect(recordsAt(answer(app), paged('get_user_posted_notes').pagination.records.raw)).toEqual(
			notes,
		);
		expect(step('get_user_posted_notes', { user_id: 'u', cursor: '' }, answer(app))).toEqual({
			next: { user_id: 'u', cursor: notes[notes.length - 1].cursor },
		});
	});

	it('a page without notes is the end', () => {
		const empty = { ...app, data: { ...(app.data as IDataObject), notes: [] } };
		expect(step('get_user_posted_notes', { user_id: 'u', cursor: 'x' }, answer(empty))).toEqual({
			stop: 'end',
		});
	});

	it('the web variant: the cursor beside the list, and has_more false ends', () => {
		const web = { data: { cursor: 'c9', has_more: true, notes: [{ note_id: 'n1' }] } };
		expect(step('get_user_posted_notes', { user_id: 'u', cursor: '' }, answer(web))).toEqual({
			next: { user_id: 'u', cursor: 'c9' },
		});
		const last = { data: { ...web.data, has_more: false } };
		expect(step('get_user_posted_notes', { user_id: 'u', cursor: '' }, answer(last))).toEqual({
			stop: 'end',
		});
	});

	it('each note reads as a notes mention with its web link and likes', () => {
		const toMention = mentionMapperOf(endpoint('get_user_posted_notes'))!;
		const mention = toMention(notes[0]);
		expect(mention).toMatchObject({
			platform: 'notes',
			id: notes[0].id,
			url: `https://www.xiaohongshu.com/explore/${String(notes[0].id)}`,
			author: (notes[0].user as IDataObject).nickname,
			likes: notes[0].likes,
		});
	});
});

describe('get_note_sub_comments on the app and web captures', () => {
	it('the web capture: the plain-text cursor goes on, the index stays as sent', () => {
		const web = capture('notes/get_note_sub_comments.web-2024.json');
		const records = recordsAt(answer(web), paged('get_note_sub_comments').pagination.records.raw);
		expect(records).toHaveLength(2);
		expect(
			step(
				'get_note_sub_comments',
				{ note_id: 'n', comment_id: 'c', cursor: '', index: 1 },
				answer(web),
			),
		).toEqual({
			next: {
				note_id: 'n',
				comment_id: 'c',
				cursor: (web.data as IDataObject).cursor,
				index: 1,
			},
		});
	});

	it('a JSON cursor (TikHub): cursor and index come from inside it, as object or as text', () => {
		const request = { note_id: 'n', comment_id: 'c', cursor: '', index: 1 };
		for (const cursor of [{ cursor: 'r4', index: 2 }, '{"cursor":"r4","index":2}']) {
			const body = answer({ code: 0, data: { comments: [{ id: 'r4' }], cursor, has_more: true } });
			expect(step('get_note_sub_comments', request, body)).toEqual({
				next: { ...request, cursor: 'r4', index: 2 },
			});
		}
	});

	it('the app capture carries no cursor: its replies, then the walk stops rather than fetch page one again', () => {
		const app = capture('notes/get_note_sub_comments.app-2023.json');
		const records = recordsAt(answer(app), paged('get_note_sub_comments').pagination.records.raw);
		expect(records).toHaveLength(2);
		const request = { note_id: 'n', comment_id: 'c', cursor: '', index: 1 };
		expect(step('get_note_sub_comments', request, answer(app))).toEqual({ stop: 'stalledCursor' });
	});
});

describe('note details on the app capture', () => {
	it.each(['get_image_note_detail', 'get_video_note_detail'])(
		'%s: the note in the feed list, as a mention with its time and counts',
		(name) => {
			const detail = capture('notes/get_note_detail.app-2023.json');
			const [note] = recordsAt(answer(detail), endpoint(name).records!.raw) as IDataObject[];
			expect(note.id).toBe(((detail.data as IDataObject[])[0].note_list as IDataObject[])[0].id);
			expect(mentionMapperOf(endpoint(name))!(note)).toMatchObject({
				id: note.id,
				publishedAt: new Date(Number(note.time) * 1000).toISOString(),
				likes: note.liked_count,
				comments: note.comments_count,
				shares: note.shared_count,
			});
		},
	);
});

describe('fetch_mp_article_list on the account history capture', () => {
	const history = capture('articles/fetch_mp_article_list.profile_ext-2020.json');
	const list = paged('fetch_mp_article_list');

	it('its messages from the JSON text, ids as strings, and next_offset as the next offset', () => {
		const records = recordsAt(answer(history), list.pagination.records.raw) as IDataObject[];
		expect(records).toHaveLength(2);
		expect(records.map((record) => typeof (record.comm_msg_info as IDataObject).id)).toEqual([
			'string',
			'string',
		]);
		expect(step('fetch_mp_article_list', { ghid: 'gh_0a', offset: '' }, answer(history))).toEqual({
			next: { ghid: 'gh_0a', offset: '31' },
		});
	});

	it('can_msg_continue 0 ends; so does the other variant’s offset.IsEnd 1', () => {
		expect(
			step('fetch_mp_article_list', { ghid: 'gh_0a' }, answer({ ...history, can_msg_continue: 0 })),
		).toEqual({ stop: 'end' });
		const variant = {
			general_msg_list: history.general_msg_list,
			offset: { Offset: '10', IsEnd: 1 },
		};
		expect(step('fetch_mp_article_list', { ghid: 'gh_0a' }, answer(variant))).toEqual({
			stop: 'end',
		});
		const going = { ...variant, offset: { Offset: '10', IsEnd: 0 } };
		expect(step('fetch_mp_article_list', { ghid: 'gh_0a', offset: '' }, answer(going))).toEqual({
			next: { ghid: 'gh_0a', offset: '10' },
		});
	});

	it('a message reads as an article mention: its lead article, the link unescaped, its time', () => {
		const [single, withMore] = recordsAt(
			answer(history),
			list.pagination.records.raw,
		) as IDataObject[];
		const toMention = mentionMapperOf(endpoint('fetch_mp_article_list'))!;
		for (const message of [single, withMore]) {
			const lead = message.app_msg_ext_info as IDataObject;
			const mention = toMention(message);
			expect(mention).toMatchObject({
				platform: 'articles',
				kind: 'post',
				id: (message.comm_msg_info as IDataObject).id,
				title: lead.title,
				url: String(lead.content_url).replace(/&amp;/g, '&'),
				publishedAt: new Date(
					Number((message.comm_msg_info as IDataObject).datetime) * 1000,
				).toISOString(),
			});
			expect(mention.url).not.toContain('&amp;');
		}
		expect(toMention(single).author).toBeNull();
		expect(toMention(withMore).author).toBe((withMore.app_msg_ext_info as IDataObject).author);
	});
});
