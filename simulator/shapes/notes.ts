import type { NoteComment, NoteHit, NoteUserRef, PostedNote } from '../dataset/notes';
import { hexFor } from '../dataset/random';
import { valueAt } from '../objectPaths';
import { pour, recordedAnswer } from './template';

/**
 * Notes answers in the recorded shapes (simulator/recorded/notes/): the simulator's generated notes
 * and comments poured into the records of genuine captures.
 */

const SEARCH = 'notes/search_notes.json';
const COMMENTS = 'notes/get_note_comments.json';

/** A note's `xsec_token` as the platform writes it: "AB" and 44 base64 characters. */
export function xsecTokenFor(seed: number, noteId: string): string {
	return `AB${Buffer.from(hexFor(64, seed, 'xsec', noteId), 'hex').toString('base64')}`;
}

export function recordedNoteHit(hit: NoteHit, seed: number): Record<string, unknown> {
	const { note } = hit;
	return pour(valueAt(recordedAnswer(SEARCH), 'data.items.0'), {
		model_type: 'note',
		'note.id': note.id,
		'note.xsec_token': xsecTokenFor(seed, note.id),
		'note.title': note.title,
		'note.desc': note.desc,
		'note.type': note.type,
		'note.liked_count': note.liked_count,
		'note.comments_count': note.comments_count,
		'note.collected_count': note.collected_count,
		'note.shared_count': note.shared_count,
		'note.nice_count': note.liked_count,
		'note.interaction_area.text': String(note.liked_count),
		'note.timestamp': note.timestamp,
		'note.update_time': note.timestamp * 1000,
		'note.user.userid': note.user.userid,
		'note.user.nickname': note.user.nickname,
		'note.widgets_context': JSON.stringify({
			flags: {},
			author_id: note.user.userid,
			author_name: note.user.nickname,
		}),
	});
}

export interface RecordedSearchPage {
	hits: NoteHit[];
	searchId: string;
	sessionId: string;
	page: number;
	more: boolean;
}

/**
 * A search page as the app interface answers it: the paging facts beside the inner `data`
 * (`search_id`, `search_session_id`, `page`, `next_page`), no `has_more` anywhere.
 */
export function recordedSearchPage(page: RecordedSearchPage, seed: number) {
	const inner = valueAt(recordedAnswer(SEARCH), 'data') as Record<string, unknown>;
	return {
		success: true,
		code: 0,
		msg: '成功',
		data: { ...inner, items: page.hits.map((hit) => recordedNoteHit(hit, seed)) },
		search_id: page.searchId,
		search_session_id: page.sessionId,
		page: page.page,
		next_page: page.more ? page.page + 1 : null,
	};
}

export function recordedNoteComment(comment: NoteComment, noteId: string) {
	return pour(valueAt(recordedAnswer(COMMENTS), 'data.comments.0'), {
		id: comment.id,
		note_id: noteId,
		content: comment.content,
		like_count: comment.like_count,
		time: comment.create_time,
		'user.userid': comment.user.userid,
		'user.nickname': comment.user.nickname,
	});
}

export interface RecordedComments {
	noteId: string;
	sort: string;
	/** Comments of the note in all. */
	total: number;
	comments: NoteComment[];
	hasMore: boolean;
	/** JSON text holding `index` and `pageArea`, as genuine answers carry them. */
	cursor: string;
}

/** A comments page's `data` as recorded: counts, the comments, `has_more` and the JSON `cursor`. */
export function recordedCommentsData(page: RecordedComments) {
	const recorded = valueAt(recordedAnswer(COMMENTS), 'data') as Record<string, unknown>;
	return {
		...recorded,
		comment_count: page.total,
		comment_count_l1: page.total,
		comments: page.comments.map((comment) => recordedNoteComment(comment, page.noteId)),
		has_more: page.hasMore,
		cursor: page.cursor,
		current_sort_strategy: page.sort,
	};
}

const POSTED = 'notes/get_user_posted_notes.app-2023.json';
const REPLIES = 'notes/get_note_sub_comments.app-2023.json';
const DETAIL = 'notes/get_note_detail.app-2023.json';

const widgetsContext = (user: NoteUserRef) =>
	JSON.stringify({ flags: {}, author_id: user.userid, author_name: user.nickname, r_r_t: 0 });

/** A posted note poured into the captured one of its type (the video note carries `video_info_v2`). */
export function recordedPostedNote(note: PostedNote): Record<string, unknown> {
	const template = valueAt(recordedAnswer(POSTED), `data.notes.${note.type === 'video' ? 0 : 1}`);
	return pour(template, {
		id: note.id,
		title: note.title,
		display_title: note.title,
		desc: note.desc,
		type: note.type,
		likes: note.liked_count,
		sticky: note.sticky,
		'user.userid': note.user.userid,
		'user.nickname': note.user.nickname,
		// Each note carries the cursor of the page after it: its own id.
		cursor: note.id,
		widgets_context: widgetsContext(note.user),
	});
}

/**
 * A page of a user's posted notes: the app answer's keys (`notes`, `tags`) and the more-pages flag
 * the web variant and TikHub's description give (`has_more`).
 */
export function recordedPostedNotesData(notes: PostedNote[], hasMore: boolean) {
	const recorded = valueAt(recordedAnswer(POSTED), 'data') as Record<string, unknown>;
	return { ...recorded, notes: notes.map(recordedPostedNote), has_more: hasMore };
}

/** A reply poured into the captured app reply; `target_comment` names the comment it answers. */
export function recordedSubComment(reply: NoteComment, noteId: string, commentId: string) {
	return pour(valueAt(recordedAnswer(REPLIES), 'data.comments.0'), {
		id: reply.id,
		note_id: noteId,
		content: reply.content,
		like_count: reply.like_count,
		time: reply.create_time,
		'user.userid': reply.user.userid,
		'user.nickname': reply.user.nickname,
		'target_comment.id': commentId,
		'target_comment.note_id': noteId,
	});
}

/** A note detail as the app answers it: a list of one feed, the note in its `note_list`. */
export function recordedNoteDetail(note: PostedNote): unknown[] {
	const feed = valueAt(recordedAnswer(DETAIL), 'data.0');
	const link = `https://www.notes.example.com/discovery/item/${note.id}`;
	const user = {
		'user.id': note.user.userid,
		'user.userid': note.user.userid,
		'user.name': note.user.nickname,
		'user.nickname': note.user.nickname,
	};
	const item = pour(valueAt(feed, 'note_list.0'), {
		...user,
		id: note.id,
		type: note.type,
		title: note.title,
		desc: note.desc,
		time: note.time,
		liked_count: note.liked_count,
		collected_count: note.collected_count,
		comments_count: note.comments_count,
		shared_count: note.shared_count,
		sticky: note.sticky,
		'share_info.link': link,
		'share_info.title': note.title,
		'qq_mini_program_info.path': `pages/main/note/index?id=${note.id}&type=${note.type}`,
		'qq_mini_program_info.webpage_url': link,
		widgets_context: widgetsContext(note.user),
	});
	return [{ ...pour(feed, user), note_list: [item] }];
}
