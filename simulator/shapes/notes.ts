import type { NoteComment, NoteHit } from '../dataset/notes';
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
