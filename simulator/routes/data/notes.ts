import {
	NOTE_SORT_TYPES,
	NOTE_TIME_FILTERS,
	NOTE_TYPES,
	type NoteComment,
	type NoteCommentSort,
} from '../../dataset/notes';
import { hexFor } from '../../dataset/random';
import {
	HttpError,
	missing,
	oneOf,
	optionalInt,
	optionalString,
	requiredString,
	type Input,
} from './input';
import { decodeCursor, encodeCursor, invalidCursor, mismatch, pageAt } from './paging';
import type { DataContext, DataGroup } from './types';
import {
	recordedCommentsData,
	recordedNoteDetail,
	recordedPostedNotesData,
	recordedSearchPage,
	recordedSubComment,
} from '../../shapes/notes';
import { recordedAnswer } from '../../shapes/template';

type PageArea = 'UNFOLDED' | 'FOLDED';
type CommentCursor = { n: string; s: NoteCommentSort; o: number; i: number; a: PageArea };
interface SearchSession {
	query: string;
	sessionId: string;
}

const SORTS: NoteCommentSort[] = ['latest_v2', 'like_count', 'default'];
const AREAS: PageArea[] = ['UNFOLDED', 'FOLDED'];

/**
 * Notes group. The payload is the upstream answer `{code, success, msg, data}`; an unknown note or
 * user, or a share text without a usable link, answers code -1 with data null (and is billed).
 */
export const notes: DataGroup = {
	key: 'notes',
	endpoints: {
		get_note_comments(input, ctx) {
			const noteId = target(input, 'note_id', (text) => ctx.dataset.noteIdFromShareText(text));
			const cursor = optionalString(input, 'cursor') ?? '';
			const index = optionalInt(input, 'index', { min: 0 }) ?? 0;
			const pageArea = oneOf(input, 'pageArea', AREAS, 'UNFOLDED');
			const sort = oneOf(input, 'sort_strategy', SORTS, 'latest_v2');
			if (noteId === undefined)
				return upstreamError('share_text does not contain a link to a note');
			if (!ctx.dataset.isNoteId(noteId))
				return upstreamError(`note ${noteId} not found or deleted`);
			const recorded = ctx.options.shapes === 'recorded';
			const offset = recorded
				? recordedCommentOffset(cursor, index, pageArea, noteId, sort, ctx)
				: commentOffset(cursor, index, pageArea, noteId, sort);
			const page = commentPage(noteId, sort, offset, ctx);
			return ok(
				recorded
					? recordedCommentPage(page, noteId, sort, index, ctx)
					: specCommentPage(page, noteId, sort, index),
			);
		},
		get_image_note_detail: noteDetail,
		get_video_note_detail: noteDetail,
		get_user_posted_notes(input, ctx) {
			const userId = target(input, 'user_id', (text) => ctx.dataset.noteUserIdFromShareText(text));
			const cursor = optionalString(input, 'cursor') ?? '';
			if (userId === undefined)
				return upstreamError('share_text does not contain a link to a user');
			if (!ctx.dataset.isNoteId(userId)) return upstreamError(`user ${userId} not found`);
			const notes = ctx.dataset.userNotes(userId);
			const page = pageAt(notes, positionAfter(notes, cursor, 'user'), ctx.pageSize);
			return ok(recordedPostedNotesData(page.items, page.more));
		},
		get_note_sub_comments(input, ctx) {
			const noteId = target(input, 'note_id', (text) => ctx.dataset.noteIdFromShareText(text));
			const commentId = requiredString(input, 'comment_id').trim();
			const cursor = optionalString(input, 'cursor') ?? '';
			const index = optionalInt(input, 'index', { min: 1 }) ?? 1;
			if (noteId === undefined)
				return upstreamError('share_text does not contain a link to a note');
			if (!ctx.dataset.isNoteId(noteId))
				return upstreamError(`note ${noteId} not found or deleted`);
			if (!ctx.dataset.isNoteId(commentId))
				return upstreamError(`comment ${commentId} not found or deleted`);
			const replies = ctx.dataset.noteSubComments(noteId, commentId);
			const offset = positionAfter(replies, cursor, 'comment');
			// Each answer's cursor holds the index of the next page: 1, then 2, 3… (TikHub's description).
			const expected = Math.ceil(offset / ctx.pageSize) + 1;
			if (index !== expected)
				throw new HttpError(
					400,
					`Invalid index: send the index inside the previous answer's cursor (${expected})`,
					'input.index',
				);
			const page = pageAt(replies, offset, ctx.pageSize);
			const last = page.items[page.items.length - 1];
			const recorded = recordedAnswer(SUB_COMMENTS).data as Record<string, unknown>;
			return ok({
				...recorded,
				comments: page.items.map((reply) => recordedSubComment(reply, noteId, commentId)),
				cursor: JSON.stringify({ cursor: page.more && last ? last.id : '', index: index + 1 }),
				has_more: page.more,
			});
		},
		get_user_info(input, ctx) {
			const userId = target(input, 'user_id', (text) => ctx.dataset.noteUserIdFromShareText(text));
			if (userId === undefined)
				return upstreamError('share_text does not contain a link to a user');
			const user = ctx.dataset.noteUser(userId);
			return user ? ok(user) : upstreamError(`user ${userId} not found`);
		},
		search_notes(input, ctx) {
			const keyword = requiredString(input, 'keyword').trim();
			const page = optionalInt(input, 'page', { min: 1 }) ?? 1;
			const filters = {
				sort_type: oneOf(input, 'sort_type', NOTE_SORT_TYPES, 'general'),
				note_type: oneOf(input, 'note_type', Object.keys(NOTE_TYPES), '不限'),
				time_filter: oneOf(input, 'time_filter', Object.keys(NOTE_TIME_FILTERS), '不限'),
			};
			optionalString(input, 'source');
			optionalInt(input, 'ai_mode', { min: 0, max: 1 });
			const query = JSON.stringify([keyword, filters]);
			const { searchId, sessionId } =
				page === 1 ? openSearch(query, ctx) : continueSearch(input, query, ctx);
			const { items, more } = pageAt(
				ctx.dataset.searchNotes(keyword, filters),
				(page - 1) * ctx.pageSize,
				ctx.pageSize,
			);
			if (ctx.options.shapes === 'recorded')
				return recordedSearchPage(
					{ hits: items, searchId, sessionId, page, more },
					ctx.options.seed,
				);
			return ok({ items, search_id: searchId, search_session_id: sessionId, has_more: more });
		},
	},
};

const SUB_COMMENTS = 'notes/get_note_sub_comments.app-2023.json';

/** Note detail (image and video alike): the app's feed list holding the note. */
function noteDetail(input: Input, ctx: DataContext) {
	const noteId = target(input, 'note_id', (text) => ctx.dataset.noteIdFromShareText(text));
	if (noteId === undefined) return upstreamError('share_text does not contain a link to a note');
	const note = ctx.dataset.noteDetail(noteId);
	return note ? ok(recordedNoteDetail(note)) : upstreamError(`note ${noteId} not found or deleted`);
}

/** Where a list goes on after the record a cursor names (its id); the start for an empty cursor. */
function positionAfter(list: ReadonlyArray<{ id: string }>, cursor: string, owner: string): number {
	if (cursor === '') return 0;
	const position = list.findIndex((record) => record.id === cursor);
	if (position < 0) throw mismatch('cursor', owner);
	return position + 1;
}

const ok = (data: unknown) => ({ code: 0, success: true, msg: '', data });
const upstreamError = (message: string) => ({
	code: -1,
	success: false,
	msg: `upstream error: ${message}`,
	data: null,
});

/** The id field wins over share_text; undefined when share_text holds no usable link. */
function target(
	input: Input,
	idField: string,
	fromShareText: (text: string) => string | undefined,
): string | undefined {
	const id = optionalString(input, idField)?.trim();
	if (id) return id;
	const shareText = optionalString(input, 'share_text');
	if (!shareText?.trim()) throw missing(`${idField} or share_text`);
	return fromShareText(shareText);
}

/** Later pages must send back the cursor, index and pageArea of the previous answer. */
function commentOffset(
	cursor: string,
	index: number,
	pageArea: PageArea,
	noteId: string,
	sort: NoteCommentSort,
): number {
	if (cursor === '') {
		if (index !== 0)
			throw new HttpError(400, 'Invalid index: must be 0 when cursor is empty', 'input.index');
		return 0;
	}
	const state = decodeCursor<CommentCursor>(cursor, 'cursor');
	if (typeof state.o !== 'number') throw invalidCursor('cursor');
	if (state.n !== noteId) throw mismatch('cursor', 'note');
	if (state.s !== sort) throw mismatch('cursor', 'sort_strategy');
	if (state.i !== index)
		throw new HttpError(
			400,
			`Invalid index: send the index of the previous answer (${state.i})`,
			'input.index',
		);
	if (state.a !== pageArea)
		throw new HttpError(
			400,
			`Invalid pageArea: send the pageArea of the previous answer (${state.a})`,
			'input.pageArea',
		);
	return state.o;
}

interface CommentPage {
	comments: NoteComment[];
	/** Where the next page starts in the note's comments (UNFOLDED first, then FOLDED). */
	next: number;
	hasMore: boolean;
	nextArea: PageArea;
}

/**
 * Pages never mix areas: the FOLDED comments follow once the UNFOLDED ones are served. With the
 * `default` order each later page repeats the previous page's last comment, as the spec warns.
 */
function commentPage(
	noteId: string,
	sort: NoteCommentSort,
	offset: number,
	ctx: DataContext,
): CommentPage {
	const { unfolded, folded } = ctx.dataset.noteCommentAreas(noteId, sort);
	const inFolded = offset >= unfolded.length;
	const area = inFolded ? folded : unfolded;
	const start = inFolded ? offset - unfolded.length : offset;
	const overlap = sort === 'default' && offset > 0 && start > 0 ? 1 : 0;
	const page = pageAt(area, start - overlap, ctx.pageSize + overlap);
	const next = offset + page.items.length - overlap;
	return {
		comments: page.items,
		next,
		hasMore: next < unfolded.length + folded.length,
		nextArea: next >= unfolded.length ? 'FOLDED' : 'UNFOLDED',
	};
}

/** The spec's page: `cursor`, `index` and `pageArea` side by side in `data`. */
function specCommentPage(page: CommentPage, noteId: string, sort: NoteCommentSort, index: number) {
	const state: CommentCursor = { n: noteId, s: sort, o: page.next, i: index + 1, a: page.nextArea };
	return {
		comments: page.comments,
		cursor: page.hasMore ? encodeCursor(state) : '',
		index: index + 1,
		pageArea: page.nextArea,
		has_more: page.hasMore,
	};
}

/** The recorded page: `cursor` is JSON text holding the last comment's id, `index` and `pageArea`. */
function recordedCommentPage(
	page: CommentPage,
	noteId: string,
	sort: NoteCommentSort,
	index: number,
	ctx: DataContext,
) {
	const last = page.comments[page.comments.length - 1];
	return recordedCommentsData({
		noteId,
		sort,
		total: ctx.dataset.noteComments(noteId, sort).length,
		comments: page.comments,
		hasMore: page.hasMore,
		cursor: JSON.stringify({
			cursor: page.hasMore && last ? last.id : '',
			index: index + 1,
			pageArea: page.nextArea,
		}),
	});
}

/**
 * Where a recorded cursor goes on: after the comment it names. Its `index` and `pageArea` must be
 * sent too, as the spec asks of later pages, though the answer gives them only inside the cursor.
 */
function recordedCommentOffset(
	cursor: string,
	index: number,
	pageArea: PageArea,
	noteId: string,
	sort: NoteCommentSort,
	ctx: DataContext,
): number {
	if (cursor === '') return commentOffset(cursor, index, pageArea, noteId, sort);
	let state: { cursor?: unknown; index?: unknown; pageArea?: unknown };
	try {
		state = JSON.parse(cursor) as typeof state;
	} catch {
		throw invalidCursor('cursor');
	}
	if (state.index !== index)
		throw new HttpError(
			400,
			`Invalid index: send the index of the previous answer's cursor (${String(state.index)})`,
			'input.index',
		);
	if (state.pageArea !== pageArea)
		throw new HttpError(
			400,
			`Invalid pageArea: send the pageArea of the previous answer's cursor (${String(state.pageArea)})`,
			'input.pageArea',
		);
	const all = ctx.dataset.noteComments(noteId, sort);
	const position = all.findIndex((comment) => comment.id === state.cursor);
	if (position < 0) throw mismatch('cursor', 'note or sort_strategy');
	return position + 1;
}

function openSearch(query: string, ctx: DataContext) {
	const sessions = sessionsOf(ctx);
	const searchId = hexFor(21, ctx.options.seed, 'search-id', ctx.requestId);
	const sessionId = hexFor(32, ctx.options.seed, 'search-session', ctx.requestId);
	sessions.set(searchId, { query, sessionId });
	return { searchId, sessionId };
}

function continueSearch(input: Input, query: string, ctx: DataContext) {
	const searchId = optionalString(input, 'search_id');
	const sessionId = optionalString(input, 'search_session_id');
	if (!searchId || !sessionId) {
		throw new HttpError(
			400,
			'Missing required field: search_id and search_session_id (from the first page) are required when page > 1',
			'input.search_id',
		);
	}
	const session = sessionsOf(ctx).get(searchId);
	if (!session || session.sessionId !== sessionId)
		throw new HttpError(400, 'Invalid search_id: unknown search or session', 'input.search_id');
	if (session.query !== query) throw mismatch('search_id', 'keyword or filter');
	return { searchId, sessionId };
}

function sessionsOf(ctx: DataContext): Map<string, SearchSession> {
	let sessions = ctx.state.get('notes.searchSessions') as Map<string, SearchSession> | undefined;
	if (!sessions) ctx.state.set('notes.searchSessions', (sessions = new Map()));
	return sessions;
}
