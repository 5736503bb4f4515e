import { DAY_SECONDS, memo, type DatasetContext } from './context';
import { hash32, hexFor, intFor } from './random';
import {
	crossPostedTitle,
	CROSS_POSTED_AT,
	nicknameFor,
	sentenceFor,
	titleWith,
	topicFor,
} from './text';

export interface NoteUserRef {
	userid: string;
	nickname: string;
}

export interface NoteComment {
	/** 24 hexadecimal characters, as the platform's comment ids are. */
	id: string;
	content: string;
	like_count: number;
	create_time: number;
	user: NoteUserRef;
}

export interface NoteUser extends NoteUserRef {
	avatar: string;
	desc: string;
	fans: number;
	follows: number;
	notes_count: number;
}

export interface NoteHit {
	id: string;
	model_type: 'note';
	note: {
		id: string;
		title: string;
		desc: string;
		type: 'normal' | 'video';
		liked_count: number;
		comments_count: number;
		collected_count: number;
		shared_count: number;
		timestamp: number;
		user: NoteUserRef;
	};
}

/** A note as a user's posted notes and a note detail give it. */
export interface PostedNote {
	id: string;
	title: string;
	desc: string;
	type: 'normal' | 'video';
	liked_count: number;
	comments_count: number;
	collected_count: number;
	shared_count: number;
	/** Creation time (s); the app's posted-notes list does not show it, the detail does. */
	time: number;
	/** Pinned by its author on top of the list. */
	sticky: boolean;
	user: NoteUserRef;
}

export type NoteCommentSort = 'latest_v2' | 'like_count' | 'default';

export interface NoteSearchFilters {
	sort_type?: string;
	note_type?: string;
	time_filter?: string;
}

export const NOTE_SORT_TYPES = [
	'general',
	'time_descending',
	'popularity_descending',
	'comment_descending',
	'collect_descending',
	'english_preferred',
];
export const NOTE_TYPES: Record<string, NoteHit['note']['type'] | 'live' | undefined> = {
	不限: undefined,
	视频笔记: 'video',
	普通笔记: 'normal',
	直播笔记: 'live',
};
export const NOTE_TIME_FILTERS: Record<string, number | undefined> = {
	不限: undefined,
	一天内: DAY_SECONDS,
	一周内: 7 * DAY_SECONDS,
	半年内: 183 * DAY_SECONDS,
};

const HEX_ID = /^[0-9a-f]{24}$/;
const SHORT_LINK_HOST = 'nlink.example.com';

/**
 * Notes data. Any 24-hex id other than all zeros is a known note or user; comments are split
 * into an UNFOLDED area and a smaller FOLDED area that is served after it.
 */
export function notesData(ctx: DatasetContext) {
	const { seed } = ctx;
	const isHexId = (id: string) => HEX_ID.test(id) && !/^0+$/.test(id);

	const userRef = (userid: string): NoteUserRef => ({
		userid,
		nickname: nicknameFor(seed, 'note-user', userid),
	});

	function idFromShareText(text: string, pathPattern: RegExp): string | undefined {
		for (const candidate of text.match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
			let url: URL;
			try {
				url = new URL(candidate);
			} catch {
				continue;
			}
			const long = pathPattern.exec(url.pathname);
			if (long) return long[1];
			if (url.hostname === SHORT_LINK_HOST && url.pathname.length > 1)
				return hexFor(24, seed, 'short-link', url.pathname);
		}
		return undefined;
	}

	const commentAreas = memo((key) => {
		const [noteId, sort] = key.split('|') as [string, NoteCommentSort];
		const all = Array.from({ length: ctx.total('get_note_comments') }, (_, i) => ({
			folded: hash32(seed, 'fold', noteId, i) % 10 === 0,
			comment: {
				id: hexFor(24, seed, 'note-comment', noteId, i),
				content: sentenceFor(seed, 'note-comment', noteId, i),
				like_count: intFor(0, 9_999, seed, 'note-like', noteId, i),
				create_time:
					ctx.epochSeconds - (i + 1) * 900 - (hash32(seed, 'note-jitter', noteId, i) % 600),
				user: userRef(hexFor(24, seed, 'commenter', noteId, i)),
			} satisfies NoteComment,
			order: hash32(seed, 'note-default-order', noteId, i),
		}));
		if (sort === 'like_count') all.sort((a, b) => b.comment.like_count - a.comment.like_count);
		if (sort === 'default') all.sort((a, b) => a.order - b.order);
		return {
			unfolded: all.filter((c) => !c.folded).map((c) => c.comment),
			folded: all.filter((c) => c.folded).map((c) => c.comment),
		};
	});

	const searchBase = memo((keyword) =>
		Array.from({ length: ctx.total('search_notes') }, (_, i): NoteHit => {
			const id = hexFor(24, seed, 'note', keyword, i);
			const h = (name: string) => hash32(seed, name, keyword, i);
			// Every 9th hit is under a day old and two in 9 under six days, so each time filter keeps some.
			const age =
				i % 9 === 0
					? 60 + (h('age') % 72_000)
					: i % 9 < 3
						? DAY_SECONDS + (h('age') % (5 * DAY_SECONDS))
						: 8 * DAY_SECONDS + (h('age') % (400 * DAY_SECONDS));
			const liked = h('liked') % 50_000;
			return {
				id,
				model_type: 'note',
				note: {
					id,
					title:
						i === CROSS_POSTED_AT
							? crossPostedTitle(keyword, 'notes')
							: titleWith(keyword, seed, 'note-title', keyword, i),
					desc: `${sentenceFor(seed, 'note-desc', keyword, i)} #${topicFor(seed, keyword, i).replace(/ /g, '')}`,
					type: i % 3 === 0 ? 'video' : 'normal',
					liked_count: liked,
					comments_count: h('comments') % 3_000,
					collected_count: h('collected') % 20_000,
					shared_count: h('shared') % 5_000,
					timestamp: ctx.epochSeconds - age,
					user: userRef(hexFor(24, seed, 'author', keyword, i)),
				},
			};
		}),
	);

	const postedNote = (userId: string, i: number): PostedNote => {
		const id = hexFor(24, seed, 'posted-note', userId, i);
		const h = (name: string) => hash32(seed, name, userId, i);
		return {
			id,
			title: titleWith(topicFor(seed, userId, i), seed, 'posted-title', userId, i),
			desc: sentenceFor(seed, 'posted-desc', userId, i),
			type: h('type') % 3 === 0 ? 'video' : 'normal',
			liked_count: h('liked') % 20_000,
			comments_count: h('comments') % 900,
			collected_count: h('collected') % 5_000,
			shared_count: h('shared') % 800,
			time: ctx.epochSeconds - (i + 1) * 7_200 - (h('jitter') % 3_600),
			sticky: false,
			user: userRef(userId),
		};
	};

	// Newest first; the author pinned an older note on top (the platform's `sticky`).
	const userNotes = memo((userId) => {
		const notes = Array.from({ length: ctx.total('get_user_posted_notes') }, (_, i) =>
			postedNote(userId, i),
		);
		if (notes.length < 3) return notes;
		const pinned = { ...notes[notes.length - 2], sticky: true };
		return [pinned, ...notes.filter((note) => note.id !== pinned.id)];
	});

	// Replies of a comment in the order they were written, as the reply lists give them.
	const subComments = memo((key) => {
		const [noteId, commentId] = key.split('|');
		const count = ctx.total('get_note_sub_comments');
		return Array.from(
			{ length: count },
			(_, i): NoteComment => ({
				id: hexFor(24, seed, 'note-reply', noteId, commentId, i),
				content: sentenceFor(seed, 'note-reply', noteId, commentId, i),
				like_count: intFor(0, 500, seed, 'reply-like', noteId, commentId, i),
				create_time: ctx.epochSeconds - (count - i) * 600,
				user: userRef(hexFor(24, seed, 'replier', noteId, commentId, i)),
			}),
		);
	});

	const sorters: Record<string, ((a: NoteHit, b: NoteHit) => number) | undefined> = {
		time_descending: (a, b) => b.note.timestamp - a.note.timestamp,
		popularity_descending: (a, b) => b.note.liked_count - a.note.liked_count,
		comment_descending: (a, b) => b.note.comments_count - a.note.comments_count,
		collect_descending: (a, b) => b.note.collected_count - a.note.collected_count,
	};

	return {
		/** A note or notes-user id the service knows: 24 hex characters, not all zeros. */
		isNoteId: isHexId,
		noteIdFromShareText: (text: string) =>
			idFromShareText(text, /\/(?:explore|discovery\/item)\/([0-9a-f]{24})/),
		noteUserIdFromShareText: (text: string) =>
			idFromShareText(text, /\/user\/profile\/([0-9a-f]{24})/),
		/** Comments in the order served: the UNFOLDED area first, then the FOLDED one. */
		noteCommentAreas: (noteId: string, sort: NoteCommentSort = 'latest_v2') =>
			commentAreas(`${noteId}|${sort}`),
		noteComments(noteId: string, sort: NoteCommentSort = 'latest_v2'): NoteComment[] {
			const { unfolded, folded } = commentAreas(`${noteId}|${sort}`);
			return [...unfolded, ...folded];
		},
		/** A user's posted notes, newest first with the pinned one on top; none for an unknown user. */
		userNotes: (userId: string): PostedNote[] => (isHexId(userId) ? userNotes(userId) : []),
		/** A note's text, author and counts; undefined for an unknown note. */
		noteDetail(noteId: string): PostedNote | undefined {
			if (!isHexId(noteId)) return undefined;
			const author = hexFor(24, seed, 'note-author', noteId);
			return { ...postedNote(author, hash32(seed, 'detail', noteId) % 1_000), id: noteId };
		},
		/** The replies under a comment of a note, oldest first; none for an unknown comment. */
		noteSubComments: (noteId: string, commentId: string): NoteComment[] =>
			isHexId(commentId) ? subComments(`${noteId}|${commentId}`) : [],
		noteUser(userId: string): NoteUser | undefined {
			if (!isHexId(userId)) return undefined;
			return {
				...userRef(userId),
				avatar: `https://img.notes.example.com/avatar/${userId}.jpg`,
				desc: sentenceFor(seed, 'bio', userId),
				fans: intFor(0, 2_000_000, seed, 'fans', userId),
				follows: intFor(0, 2_000, seed, 'follows', userId),
				notes_count: intFor(0, 800, seed, 'notes', userId),
			};
		},
		/** Hits in answer order after the filters; time filters count back from the virtual now. */
		searchNotes(keyword: string, filters: NoteSearchFilters = {}): NoteHit[] {
			const type = NOTE_TYPES[filters.note_type ?? '不限'];
			const window = NOTE_TIME_FILTERS[filters.time_filter ?? '不限'];
			const nowSeconds = Math.floor(ctx.now() / 1000);
			const hits = searchBase(keyword.trim()).filter(
				(hit) =>
					(type === undefined || hit.note.type === type) &&
					(window === undefined || hit.note.timestamp >= nowSeconds - window),
			);
			const sorter = sorters[filters.sort_type ?? 'general'];
			return sorter ? [...hits].sort(sorter) : hits;
		},
	};
}

export type NotesData = ReturnType<typeof notesData>;
