import type { ArticleComment } from './articles';
import type { ChannelComment, ChannelSearchHit, ChannelsData, ChannelVideo } from './channels';
import type { DatasetContext } from './context';
import type { DouyinCommentsData } from './douyinComments';
import type {
	NoteComment,
	NoteCommentSort,
	NoteHit,
	NotesData,
	NoteSearchFilters,
	PostedNote,
} from './notes';
import { NOTE_TIME_FILTERS, NOTE_TYPES } from './notes';
import { bigIdFor, digitsFor, hexFor, intFor, type Part } from './random';
import type { Duration, SearchData, SearchFilters, SearchHit, VideoHit } from './search';
import { PUBLISH_WINDOWS } from './search';
import type { AccountMessage, ArticlesData } from './articles';
import { complaintFor, nicknameFor, sentenceFor, titleWith } from './text';
import { checkLateIndex, indexLagMs, type LateIndex } from './lateIndex';
import {
	douyinFilter,
	type DouyinPost,
	type DouyinSearchData,
	type DouyinSearchFilters,
} from './douyinSearch';

/**
 * Records that appear as virtual time moves on, for triggers to find between polls. With
 * `arrivalEveryMs` set, every watched list (a keyword's notes and search hits, a creator's videos,
 * the comments of a note, Douyin or channel video or article) gains its k-th new record at
 * SIM_EPOCH + k × arrivalEveryMs: advancing the clock by n intervals adds n records to each list,
 * newest first, above the generated ones (which all predate the epoch). An article's pinned comment
 * and a user's pinned note stay on top. A user's posted notes (`user-notes:<user_id>`) and an
 * official account's messages (`account-articles:<ghid>`) are watched lists too. Off by default: the lists then never change.
 *
 * A spike (`spike(list, count)`, admin `POST /__sim/arrivals`) adds `count` records at once to one
 * list at the current virtual time, with or without the steady arrivals; with a `negativeShare`
 * (0 to 1) that share of its posts (or comments, on a comment list such as `note-comments:<id>`)
 * complains (negative words only), spread through the spike; with a `titlePhrase`, the titles of its
 * posts name that phrase instead of the list's keyword (e.g. "acme hotel" on `notes:acme`: what the
 * search finds and a keyword rule leaves out). Time filters of the
 * searches (a day, a week…) apply to arrived records as to the generated ones.
 *
 * Search index lag (see lateIndex.ts): with a `lateIndex`, a share of the posts on the search lists
 * appear only some time after they were written, below posts already listed. A spike may also be
 * late as a whole: written at `writtenAt` (default now), listed from `writtenAt + lateByMs`.
 */

type Parts = NotesData &
	ChannelsData &
	ArticlesData &
	SearchData &
	DouyinSearchData &
	DouyinCommentsData;

const SECONDS = 1000;
/** Spike records are numbered from here up, apart from the steady arrivals' 1, 2, 3… */
const SPIKE_NUMBERS = 1_000_000_000;

/** When a spike's posts were written, how late the search index lists them (virtual ms), what their titles name. */
export interface SpikeTiming {
	/** Default: the current virtual time; never later. */
	writtenAt?: number;
	/** The posts appear in the lists this long after `writtenAt`; default 0, or the late share of a `lateIndex`. */
	lateByMs?: number;
	/** The posts' titles name this phrase instead of the list's keyword (comments have no title). */
	titlePhrase?: string;
}

/** What the dataset gains from arrivals: spikes on demand. */
export interface Arrivals {
	/** Adds `count` records to `list` (see arrivalList) at the current virtual time, `negativeShare` of them complaints. */
	spike(
		list: string,
		count: number,
		negativeShare?: number,
		timing?: SpikeTiming,
	): { list: string; count: number; at: number; visibleAt?: number };
}

/**
 * The arrival list a search request reads: `notes:<keyword>` (search_notes),
 * `search:<business_type>:<keyword>` (fetch_search, business type `all` unless given),
 * `search-videos:<keyword>` (fetch_search_videos), `douyin-search:<keyword>` (both Douyin searches:
 * the posts that arrive are videos, so the video search lists them too).
 */
export function arrivalList(endpoint: string, keyword: string, businessType = 'all'): string {
	const term = keyword.trim();
	if (term === '') throw new RangeError('keyword must not be empty');
	if (endpoint === 'search_notes') return `notes:${term}`;
	if (endpoint === 'fetch_search') return `search:${businessType}:${term}`;
	if (endpoint === 'fetch_search_videos') return `search-videos:${term}`;
	if (endpoint === 'fetch_general_search_v1' || endpoint === 'fetch_video_search_v1')
		return `douyin-search:${term}`;
	throw new RangeError(
		'endpoint must be search_notes, fetch_search, fetch_search_videos, fetch_general_search_v1 or fetch_video_search_v1 (or name the list)',
	);
}

interface Spike {
	/** When its posts were written: their publish time. */
	atMs: number;
	/** Set when the spike was asked to be late: its posts are listed from atMs + lagMs. */
	lagMs?: number;
	count: number;
	/** Numbers its records apart from every other spike's. */
	first: number;
}

export function withArrivals<T extends Parts>(
	data: T,
	ctx: DatasetContext,
	everyMs: number | undefined,
	lateIndex?: LateIndex,
): T & Arrivals {
	if (everyMs !== undefined && !(Number.isInteger(everyMs) && everyMs >= SECONDS))
		throw new RangeError('arrivalEveryMs must be a whole number of milliseconds, at least 1000');
	checkLateIndex(lateIndex);
	const { seed } = ctx;
	const epochMs = ctx.epochSeconds * SECONDS;
	const made = new Map<string, unknown>();
	const spikes = new Map<string, Spike[]>();
	let spikeNumbers = SPIKE_NUMBERS;
	/** Record numbers of the spikes' complaints (numbers are unique across lists). */
	const complaints = new Set<number>();
	/** The phrase a spike's titles name instead of their keyword, by record number. */
	const titlePhrases = new Map<number, string>();
	/** A post's or comment's text: a complaint for the negative share of a spike, else an ordinary opinion. */
	const opinionFor = (k: number, ...parts: Part[]) =>
		complaints.has(k) ? complaintFor(seed, ...parts) : sentenceFor(seed, ...parts);
	/** A post's title: its keyword in one of the title forms, or its spike's phrase instead. */
	const titleFor = (k: number, keyword: string, ...parts: Part[]) =>
		titleWith(titlePhrases.get(k) ?? keyword, ...parts);

	/** The records of one list that have arrived by now, newest first; each made once. */
	function arrived<R>(list: string, make: (k: number, seconds: number) => R): R[] {
		const now = ctx.now();
		const steady = everyMs === undefined ? 0 : Math.max(0, Math.floor((now - epochMs) / everyMs));
		const listed = (k: number, atMs: number, lagMs = indexLagMs(lateIndex, seed, list, k)) =>
			atMs + lagMs <= now;
		const due: Array<{ k: number; atMs: number }> = [];
		for (let k = steady; k >= 1; k--) {
			const atMs = epochMs + k * everyMs!;
			if (listed(k, atMs)) due.push({ k, atMs });
		}
		for (const spike of spikes.get(list) ?? [])
			for (let i = spike.count - 1; i >= 0; i--)
				if (listed(spike.first + i, spike.atMs, spike.lagMs))
					due.push({ k: spike.first + i, atMs: spike.atMs });
		// Newest first by publish time (a late post lands below posts listed before it); a spike sorts
		// above the steady record of the same second, its own records in order.
		due.sort((a, b) => Math.floor(b.atMs / SECONDS) - Math.floor(a.atMs / SECONDS) || b.k - a.k);
		return due.map(({ k, atMs }) => {
			const key = `${list}\u0001${k}`;
			if (!made.has(key)) made.set(key, make(k, Math.floor(atMs / SECONDS)));
			return made.get(key) as R;
		});
	}

	function spike(list: string, count: number, negativeShare = 0, timing: SpikeTiming = {}) {
		if (!(Number.isInteger(count) && count >= 1 && count <= 100_000))
			throw new RangeError('count must be a whole number from 1 to 100000');
		if (!(negativeShare >= 0 && negativeShare <= 1))
			throw new RangeError('negativeShare must be a number from 0 to 1');
		if (typeof list !== 'string' || list.trim() === '')
			throw new RangeError('list must name an arrival list, e.g. "notes:acme"');
		const now = ctx.now();
		const { writtenAt: atMs = now, lateByMs: lagMs, titlePhrase } = timing;
		if (!(Number.isInteger(atMs) && atMs <= now))
			throw new RangeError('writtenAt must be a whole virtual time in ms, not after now');
		if (lagMs !== undefined && !(Number.isInteger(lagMs) && lagMs >= 0))
			throw new RangeError('lateByMs must be a whole, non-negative number of milliseconds');
		if (titlePhrase !== undefined && (typeof titlePhrase !== 'string' || titlePhrase.trim() === ''))
			throw new RangeError('titlePhrase must be a non-empty text');
		spikes.set(list, [
			...(spikes.get(list) ?? []),
			{ atMs, count, first: spikeNumbers, ...(lagMs === undefined ? {} : { lagMs }) },
		]);
		// Spread through the spike: record i complains when the share's running count steps up at it.
		for (let i = 0; i < count; i++)
			if (Math.floor((i + 1) * negativeShare) > Math.floor(i * negativeShare))
				complaints.add(spikeNumbers + i);
		if (titlePhrase !== undefined)
			for (let i = 0; i < count; i++) titlePhrases.set(spikeNumbers + i, titlePhrase.trim());
		spikeNumbers += count;
		return { list, count, at: atMs, ...(lagMs ? { visibleAt: atMs + lagMs } : {}) };
	}

	/** Arrived records within a search's time window (seconds back from now), as the generated ones are. */
	const within = (window: number | undefined) => {
		const since = Math.floor(ctx.now() / SECONDS) - (window ?? Infinity);
		return (seconds: number) => seconds >= since;
	};

	const noteHit =
		(keyword: string) =>
		(k: number, seconds: number): NoteHit => {
			const id = hexFor(24, seed, 'arrived-note', keyword, k);
			return {
				id,
				model_type: 'note',
				note: {
					id,
					title: titleFor(k, keyword, seed, 'arrived-note-title', keyword, k),
					desc: opinionFor(k, 'arrived-note-desc', keyword, k),
					type: k % 3 === 0 ? 'video' : 'normal',
					liked_count: intFor(0, 50, seed, 'arrived-note-liked', keyword, k),
					comments_count: 0,
					collected_count: 0,
					shared_count: 0,
					timestamp: seconds,
					user: {
						userid: hexFor(24, seed, 'arrived-note-author', keyword, k),
						nickname: nicknameFor(seed, 'arrived-note-author', keyword, k),
					},
				},
			};
		};

	const noteComment =
		(noteId: string) =>
		(k: number, seconds: number): NoteComment => ({
			id: hexFor(24, seed, 'arrived-note-comment', noteId, k),
			content: opinionFor(k, 'arrived-note-comment', noteId, k),
			like_count: 0,
			create_time: seconds,
			user: {
				userid: hexFor(24, seed, 'arrived-commenter', noteId, k),
				nickname: nicknameFor(seed, 'arrived-commenter', noteId, k),
			},
		});

	const channelVideo =
		(username: string) =>
		(k: number, seconds: number): ChannelVideo =>
			data.registerChannelVideo(bigIdFor(seed, 'arrived-video', username, k), username, seconds);

	const channelComment =
		(objectId: string) =>
		(k: number, seconds: number): ChannelComment => {
			const username = `v2_${hexFor(32, seed, 'arrived-finder', objectId, k)}@finder`;
			return {
				comment_id: bigIdFor(seed, 'arrived-channel-comment', objectId, k),
				nickname: nicknameFor(seed, 'finder-user', username),
				username,
				head_url: `https://finder.video.example.com/head/${hexFor(16, seed, 'head', username)}.jpg`,
				content: opinionFor(k, 'arrived-channel-comment', objectId, k),
				like_count: 0,
				reply_count: 0,
				create_time: seconds,
				ip_region: 'Guangdong',
			};
		};

	const articleComment =
		(url: string) =>
		(k: number, seconds: number): ArticleComment => ({
			id: bigIdFor(seed, 'arrived-article-comment', url, k),
			content_id: bigIdFor(seed, 'arrived-content', url, k),
			nick_name: nicknameFor(seed, 'arrived-reader', url, k),
			content: opinionFor(k, 'arrived-article-comment', url, k),
			like_num: 0,
			create_time: seconds,
			ip_wording: { province_name: 'Zhejiang', city_name: 'Hangzhou' },
			is_elected: 1,
			is_top: 0,
			reply_total: 0,
			replies: [],
			openid: `o${hexFor(27, seed, 'arrived-openid', url, k)}`,
			identity_type: 0,
			logo_url: `https://img.mp.example.com/head/${hexFor(16, seed, 'arrived-logo', url, k)}.jpg`,
		});

	const videoHit =
		(keyword: string, list: string) =>
		(k: number, seconds: number): VideoHit => {
			const username = `v2_${hexFor(32, seed, 'arrived-search-finder', list, keyword, k)}@finder`;
			const title = titleFor(k, keyword, seed, 'arrived-vid', list, keyword, k);
			const video = data.registerChannelVideo(
				bigIdFor(seed, 'arrived-vid', list, keyword, k),
				username,
				seconds,
				title,
			);
			return {
				type: 'video',
				docID: video.id,
				exportId: data.exportIdOf(video),
				title,
				desc: opinionFor(k, 'arrived-vid-desc', list, keyword, k),
				nickName: video.nickname,
				jumpInfo: { userName: username, extInfo: { feedNonceId: video.object_nonce_id } },
				dateTime: seconds,
				like_num: 0,
				comment_num: 0,
				forward_num: 0,
				duration: [120, 450, 1_500, 800][k % 4],
			};
		};

	const verticalHit =
		(keyword: string, businessType: string) =>
		(k: number, seconds: number): SearchHit => {
			if (businessType === 'video') return videoHit(keyword, 'vertical')(k, seconds);
			const type = businessType === 'all' ? 'article' : businessType;
			const docID = bigIdFor(seed, 'arrived-hit', type, keyword, k);
			const title = titleFor(k, keyword, seed, 'arrived-hit', type, keyword, k);
			const desc = opinionFor(k, 'arrived-hit-desc', type, keyword, k);
			if (type === 'account') {
				const nickName = `${keyword} ${nicknameFor(seed, 'arrived-acc', keyword, k)}`;
				return {
					type,
					docID,
					title: nickName,
					desc,
					accTypeName: 'Subscription account',
					jumpInfo: {
						userName: `gh_${hexFor(12, seed, 'arrived-gh', keyword, k)}`,
						nickName,
						signature: desc,
					},
				};
			}
			if (type === 'article') {
				const code = hexFor(22, seed, 'arrived-art-code', keyword, k);
				const source = { title: nicknameFor(seed, 'arrived-mp', keyword, k) };
				return {
					type,
					docID,
					title,
					desc,
					doc_url: `https://mp.example.com/s/${code}`,
					source,
					dateTime: seconds,
					read_num: 0,
					like_num: 0,
				};
			}
			return { type, docID, title, desc, dateTime: seconds, like_num: 0 };
		};

	const postedNote =
		(userId: string) =>
		(k: number, seconds: number): PostedNote => ({
			id: hexFor(24, seed, 'arrived-posted-note', userId, k),
			title: titleFor(k, 'new', seed, 'arrived-posted-title', userId, k),
			desc: opinionFor(k, 'arrived-posted-desc', userId, k),
			type: k % 3 === 0 ? 'video' : 'normal',
			liked_count: 0,
			comments_count: 0,
			collected_count: 0,
			shared_count: 0,
			time: seconds,
			sticky: false,
			user: { userid: userId, nickname: nicknameFor(seed, 'note-user', userId) },
		});

	const accountMessage =
		(ghid: string, fakeid: string) =>
		(k: number, seconds: number): AccountMessage => {
			const mid = 2_700_000_000 + k;
			return {
				id: 1_100_000_000 + k,
				datetime: seconds,
				fakeid,
				lead: {
					title: titleFor(k, 'new', seed, 'arrived-listed-title', ghid, k),
					digest: opinionFor(k, 'arrived-listed-digest', ghid, k),
					author: nicknameFor(seed, 'listed-author', ghid),
					content_url: `https://mp.example.com/s?__biz=${Buffer.from(fakeid).toString('base64')}&mid=${mid}&idx=1&sn=${hexFor(32, seed, 'arrived-sn', ghid, k)}`,
					cover: `https://img.mp.example.com/cover/${hexFor(20, seed, 'arrived-cover', ghid, k)}.jpg`,
				},
				more: [],
			};
		};

	const douyinPost =
		(keyword: string) =>
		(k: number, seconds: number): DouyinPost =>
			data.douyinPost(
				`7${digitsFor(18, seed, 'arrived-dy', keyword, k)}`,
				`${titleFor(k, keyword, seed, 'arrived-dy-title', keyword, k)} ${opinionFor(k, 'arrived-dy-desc', keyword, k)}`,
				seconds,
				false,
			);

	/** A Douyin search's list: the posts arrived (within its filters) placed as its order places them. */
	function douyinSearch(keyword: string, filters: DouyinSearchFilters = {}) {
		const term = keyword.trim();
		const keep = douyinFilter(filters, Math.floor(ctx.now() / SECONDS));
		const fresh = arrived(`douyin-search:${term}`, douyinPost(term)).filter(keep);
		const existing = data.douyinSearch(term, filters);
		return place(fresh, existing, filters.sort_type === '1' ? 'like_count' : undefined);
	}

	const noteFilters = (filters: NoteSearchFilters) => {
		const type = NOTE_TYPES[filters.note_type ?? '不限'];
		return (hit: NoteHit) => type === undefined || hit.note.type === type;
	};
	// Only the "hot" orders place new records elsewhere than on top: they have no likes yet, so last.
	const byLikes = (sort: string | undefined) =>
		sort !== undefined && /popularity|comment|collect|hot|like_count/.test(sort);
	const place = <R>(fresh: R[], existing: R[], sort?: string) =>
		byLikes(sort) ? [...existing, ...fresh] : [...fresh, ...existing];

	function noteCommentAreas(noteId: string, sort: NoteCommentSort = 'latest_v2') {
		const { unfolded, folded } = data.noteCommentAreas(noteId, sort);
		return {
			unfolded: place(arrived(`note-comments:${noteId}`, noteComment(noteId)), unfolded, sort),
			folded,
		};
	}

	return {
		...data,
		spike,
		douyinSearch,
		douyinVideoSearch: (keyword: string, filters: DouyinSearchFilters = {}) =>
			douyinSearch(keyword, filters).filter((post) => post.aweme_type === 0),
		searchNotes(keyword: string, filters: NoteSearchFilters = {}) {
			const inWindow = within(NOTE_TIME_FILTERS[filters.time_filter ?? '不限']);
			const fresh = arrived(`notes:${keyword.trim()}`, noteHit(keyword.trim())).filter(
				(hit) => noteFilters(filters)(hit) && inWindow(hit.note.timestamp),
			);
			return place(fresh, data.searchNotes(keyword, filters), filters.sort_type);
		},
		noteCommentAreas,
		noteComments(noteId: string, sort: NoteCommentSort = 'latest_v2') {
			const { unfolded, folded } = noteCommentAreas(noteId, sort);
			return [...unfolded, ...folded];
		},
		userNotes(userId: string) {
			const existing = data.userNotes(userId);
			const pinned = existing.filter((note) => note.sticky);
			const rest = existing.filter((note) => !note.sticky);
			return [...pinned, ...arrived(`user-notes:${userId}`, postedNote(userId)), ...rest];
		},
		accountMessages(ghid: string) {
			const existing = data.accountMessages(ghid);
			const fakeid = existing[0]?.fakeid ?? '3000000000';
			return [...arrived(`account-articles:${ghid}`, accountMessage(ghid, fakeid)), ...existing];
		},
		channelUserVideos: (username: string) => [
			...arrived(`videos:${username}`, channelVideo(username)),
			...data.channelUserVideos(username),
		],
		// Douyin lists a video's comments by likes: a new one has none yet, so it lands on the last page.
		douyinVideoComments: (awemeId: string) => [
			...data.douyinVideoComments(awemeId),
			...arrived(`douyin-comments:${awemeId}`, (k, seconds) =>
				data.arrivedDouyinComment(
					awemeId,
					k,
					seconds,
					opinionFor(k, 'arrived-dy-comment', awemeId, k),
				),
			),
		],
		channelVideoComments: (objectId: string) => [
			...arrived(`video-comments:${objectId}`, channelComment(objectId)),
			...data.channelVideoComments(objectId),
		],
		articleComments(url: string) {
			const existing = data.articleComments(url);
			if (existing.length === 0) return existing;
			const fresh = arrived(`article-comments:${url.trim()}`, articleComment(url.trim()));
			if (fresh.length === 0) return existing;
			const pinned = existing.filter((comment) => comment.is_top === 1);
			const rest = existing.filter((comment) => comment.is_top !== 1);
			return [...pinned, ...fresh, ...rest];
		},
		channelSearchVideos(username: string, keyword: string) {
			const fresh = arrived(
				`channel-search:${username}:${keyword.trim()}`,
				(k, seconds): ChannelSearchHit => {
					const title = titleFor(k, keyword.trim(), seed, 'arrived-fsv', username, k);
					const video = data.registerChannelVideo(
						bigIdFor(seed, 'arrived-fsv', username, keyword.trim(), k),
						username,
						seconds,
						title,
					);
					return {
						type: 'video',
						doc_id: video.id,
						title,
						desc: null,
						thumb_url: null,
						username,
						nickname: video.nickname,
					};
				},
			);
			return [...fresh, ...data.channelSearchVideos(username, keyword)];
		},
		searchHits(keyword: string, businessType = 'all', filters: SearchFilters = {}) {
			const inWindow = within(PUBLISH_WINDOWS[filters.publish_time ?? 'all']);
			const fresh = arrived(
				`search:${businessType}:${keyword.trim()}`,
				verticalHit(keyword.trim(), businessType),
			).filter((hit) => !('dateTime' in hit) || inWindow(hit.dateTime));
			return place(fresh, data.searchHits(keyword, businessType, filters), filters.sort);
		},
		searchVideoHits(keyword: string, filters: SearchFilters & { duration?: Duration } = {}) {
			const fresh = arrived(`search-videos:${keyword.trim()}`, videoHit(keyword.trim(), 'videos'));
			const [min, max] = {
				all: [0, Infinity],
				short: [0, 299],
				medium: [300, 600],
				long: [1200, Infinity],
			}[filters.duration ?? 'all'];
			return place(
				fresh.filter(
					(hit) =>
						hit.duration >= min &&
						hit.duration <= max &&
						within(PUBLISH_WINDOWS[filters.publish_time ?? 'all'])(hit.dateTime),
				),
				data.searchVideoHits(keyword, filters),
				filters.sort,
			);
		},
	};
}
