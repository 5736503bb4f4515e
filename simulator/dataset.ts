import { articlesData, type ArticlesData } from './dataset/articles';
import { channelsData, type ChannelsData } from './dataset/channels';
import { type Arrivals, withArrivals } from './dataset/arrivals';
import type { LateIndex } from './dataset/lateIndex';
import { createContext } from './dataset/context';
import { douyinCommentsData, type DouyinCommentsData } from './dataset/douyinComments';
import { notesData, type NotesData } from './dataset/notes';
import { hexFor } from './dataset/random';
import { douyinSearchData, type DouyinSearchData } from './dataset/douyinSearch';
import { searchData, type SearchData } from './dataset/search';
import { shortVideoData, type ShortVideoData } from './dataset/shortVideo';
import { DEFAULT_SEED, SIM_EPOCH_MS } from './constants';

export { DEFAULT_TOTALS } from './dataset/context';

export interface DatasetOptions {
	seed?: number;
	/** Records per list keyed by endpoint name, e.g. `{ get_note_comments: 20000 }`. */
	totals?: Record<string, number>;
	/** Virtual now (ms) for time filters; the simulator passes its clock. */
	now?: () => number;
	/** New records join the watched lists every this many virtual ms (see dataset/arrivals.ts); default never. */
	arrivalEveryMs?: number;
	/** A share of the posts on the search lists appear late, below posts already listed (see dataset/lateIndex.ts); default none. */
	lateIndex?: LateIndex;
}

/** Ids that resolve to generated records, for tests and the demo to start from. */
export interface WellKnownIds {
	keyword: string;
	secUserId: string;
	awemeId: string;
	shareUrl: string;
	cookie: string;
	collectsId: string;
	mixId: string;
	noteId: string;
	/** Answers the notes upstream error (billed). */
	missingNoteId: string;
	noteUserId: string;
	/** A comment of `noteId` with replies (get_note_sub_comments). */
	noteCommentId: string;
	noteShareText: string;
	noteShortShareText: string;
	finderUsername: string;
	/** A finder username with no lives (total_count 0). */
	finderUsernameWithoutLives: string;
	channelId: string;
	objectId: string;
	exportId: string;
	liveId: string;
	articleUrl: string;
	articleLongUrl: string;
	contentId: string;
	/** The cid of the most liked comment under `awemeId`. */
	douyinCommentId: string;
	/** An official account's original ID (fetch_mp_article_list). */
	ghid: string;
}

export type Dataset = ShortVideoData &
	DouyinCommentsData &
	NotesData &
	ChannelsData &
	ArticlesData &
	SearchData &
	DouyinSearchData &
	Arrivals & {
		seed: number;
		/** Records per list for an endpoint name (defaults merged with the overrides). */
		total(endpoint: string): number;
		ids: WellKnownIds;
	};

/** All generated records: a pure function of the seed and totals (and of the clock for time filters). */
export function createDataset(options: DatasetOptions = {}): Dataset {
	const seed = options.seed ?? DEFAULT_SEED;
	const ctx = createContext(seed, options.totals ?? {}, options.now ?? (() => SIM_EPOCH_MS));
	const channels = channelsData(ctx);
	const articles = articlesData(ctx);
	const shortVideo = shortVideoData(ctx);
	const parts = withArrivals(
		{
			...shortVideo,
			...douyinSearchData(ctx, shortVideo),
			...douyinCommentsData(ctx),
			...notesData(ctx),
			...channels,
			...articles,
			...searchData(ctx, channels, articles),
		},
		ctx,
		options.arrivalEveryMs,
		options.lateIndex,
	);
	return { ...parts, seed, total: ctx.total, ids: wellKnownIds(parts, seed) };
}

function wellKnownIds(data: Omit<Dataset, 'seed' | 'total' | 'ids'>, seed: number): WellKnownIds {
	const shortVideo = data.wellKnownShortVideoIds();
	const cookie = `sessionid=${hexFor(32, seed, 'cookie')}; ttwid=sim`;
	const noteId = hexFor(24, seed, 'well-known-note');
	const users = data.wellKnownUsernames();
	const firstVideo =
		data.channelUserVideos(users.withLives)[0] ??
		data.channelVideo(String(BigInt(`1${'7'.repeat(18)}`)));
	const firstLive = data.liveHistory(users.withLives)[0];
	const articleUrl = `https://mp.example.com/s/${hexFor(22, seed, 'well-known-article')}`;
	const firstComment = data.articleComments(articleUrl)[0];
	return {
		keyword: 'acme',
		...shortVideo,
		shareUrl: 'https://v.douyin.example.com/iRNBho6u/',
		cookie,
		collectsId: data.userCollects(cookie)[0]?.collects_id ?? '7' + '1'.repeat(18),
		noteId,
		missingNoteId: '0'.repeat(24),
		noteUserId: hexFor(24, seed, 'well-known-note-user'),
		noteCommentId: hexFor(24, seed, 'well-known-note-comment'),
		noteShareText: `Look at this note https://www.notes.example.com/explore/${noteId}?xsec_token=sim`,
		noteShortShareText: 'Look at this note http://nlink.example.com/a/Bc12De3',
		finderUsername: users.withLives,
		finderUsernameWithoutLives: users.withoutLives,
		channelId: data.finderUser(users.withLives).channel_id,
		objectId: String(firstVideo.id),
		exportId: data.exportIdOf(firstVideo),
		liveId: String(firstLive?.live_id ?? data.liveDetail('7340000000000000001').live_id),
		articleUrl,
		articleLongUrl:
			'https://mp.example.com/s?__biz=MzA5NjQ1ODQ2MA==&mid=2651234567&idx=1&sn=5f2c0e1b',
		contentId: String(firstComment?.content_id ?? '7234567890123456789'),
		douyinCommentId: data.douyinVideoComments(shortVideo.awemeId)[0]?.cid ?? '7' + '2'.repeat(18),
		ghid: `gh_${hexFor(12, seed, 'well-known-account')}`,
	};
}
