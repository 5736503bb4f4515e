import type { ArticlesData } from './articles';
import { ARTICLE_HOST } from './articles';
import type { ChannelsData } from './channels';
import { DAY_SECONDS, memo, type DatasetContext } from './context';
import { bigIdFor, hash32, hexFor, intFor } from './random';
import {
	crossPostedTitle,
	CROSS_POSTED_AT,
	highlight,
	nicknameFor,
	sentenceFor,
	titleWith,
} from './text';

export interface AccountHit {
	type: 'account';
	docID: bigint;
	title: string;
	desc: string;
	accTypeName: string;
	jumpInfo: { userName: string; nickName: string; signature: string };
}

export interface ArticleHit {
	type: 'article';
	docID: bigint;
	title: string;
	desc: string;
	doc_url: string;
	source: { title: string };
	dateTime: number;
	read_num: number;
	like_num: number;
}

export interface VideoHit {
	type: 'video';
	docID: bigint;
	exportId: string;
	title: string;
	desc: string;
	nickName: string;
	jumpInfo: { userName: string; extInfo: { feedNonceId: bigint } };
	dateTime: number;
	like_num: number;
	comment_num: number;
	forward_num: number;
	/** Seconds; what the duration filter looks at. */
	duration: number;
}

/** Hits of the other verticals (news, books, …): a common minimal shape. */
export interface OtherHit {
	type: string;
	docID: bigint;
	title: string;
	desc: string;
	dateTime: number;
	like_num: number;
}

export type SearchHit = AccountHit | ArticleHit | VideoHit | OtherHit;

/** Effective vertical code answered as `business_type` (the spec names 33554499 for account). */
export const BUSINESS_TYPE_CODES: Readonly<Record<string, number>> = {
	all: 1,
	account: 33554499,
	article: 2,
	video: 262208,
	live_stream: 9,
	moments: 8,
	news: 64,
	book: 384,
	listen: 1024,
	image: 16384,
	encyclopedia: 32768,
	platform_index: 65536,
};

/** Verticals whose `total` is null. */
export const TOTAL_UNKNOWN = new Set(['all', 'moments']);

export const SORTS = ['default', 'latest', 'hot'] as const;
export const PUBLISH_TIMES = ['all', 'day', 'week', 'half_year'] as const;
export const DURATIONS = ['all', 'short', 'medium', 'long'] as const;
export type SearchSort = (typeof SORTS)[number];
export type PublishTime = (typeof PUBLISH_TIMES)[number];
export type Duration = (typeof DURATIONS)[number];

export interface SearchFilters {
	sort?: SearchSort;
	publish_time?: PublishTime;
}

export const PUBLISH_WINDOWS: Record<PublishTime, number | undefined> = {
	all: undefined,
	day: DAY_SECONDS,
	week: 7 * DAY_SECONDS,
	half_year: 183 * DAY_SECONDS,
};
const DURATION_RANGES: Record<Duration, [number, number]> = {
	all: [0, Infinity],
	short: [0, 299],
	medium: [300, 600],
	long: [1200, Infinity],
};

/** Cross-vertical search hits; titles carry the keyword in highlight markup. */
export function searchData(ctx: DatasetContext, channels: ChannelsData, articles: ArticlesData) {
	const { seed } = ctx;

	function ageOf(...parts: Array<string | number>): number {
		const i = hash32(seed, 'age-band', ...parts) % 9;
		const h = hash32(seed, 'age', ...parts);
		if (i === 0) return 60 + (h % 72_000);
		if (i < 3) return DAY_SECONDS + (h % (5 * DAY_SECONDS));
		return 8 * DAY_SECONDS + (h % (700 * DAY_SECONDS));
	}

	function account(keyword: string, i: number): AccountHit {
		const nickName = `${keyword} ${nicknameFor(seed, 'acc', keyword, i)}`;
		return {
			type: 'account',
			docID: bigIdFor(seed, 'acc', keyword, i),
			title: highlight(nickName, keyword),
			desc: sentenceFor(seed, 'acc-desc', keyword, i),
			accTypeName: i % 2 ? 'Service account' : 'Subscription account',
			jumpInfo: {
				userName: `gh_${hexFor(12, seed, 'acc-gh', keyword, i)}`,
				nickName,
				signature: sentenceFor(seed, 'acc-sig', keyword, i),
			},
		};
	}

	function article(keyword: string, i: number, list: string): ArticleHit {
		const title =
			list === 'article' && i === CROSS_POSTED_AT
				? crossPostedTitle(keyword, 'articles')
				: titleWith(keyword, seed, 'art', list, keyword, i);
		const code = hexFor(22, seed, 'art-code', list, keyword, i);
		const dateTime = ctx.epochSeconds - ageOf('art', list, keyword, i);
		const nickname = nicknameFor(seed, 'mp-account', list, keyword, i);
		articles.registerArticle(code, { title, nick_name: nickname, ori_create_time: dateTime });
		return {
			type: 'article',
			docID: bigIdFor(seed, 'art', list, keyword, i),
			title: highlight(title, keyword),
			desc: sentenceFor(seed, 'art-desc', list, keyword, i),
			doc_url: `https://${ARTICLE_HOST}/s/${code}`,
			source: { title: nickname },
			dateTime,
			read_num: intFor(50, 500_000, seed, 'art-read', list, keyword, i),
			like_num: intFor(0, 20_000, seed, 'art-like', list, keyword, i),
		};
	}

	function video(keyword: string, i: number, list: string): VideoHit {
		const title =
			list === 'videos' && i === CROSS_POSTED_AT
				? crossPostedTitle(keyword, 'videos')
				: titleWith(keyword, seed, 'vid', list, keyword, i);
		// Every fifth video is by an account named after the keyword: a search finds an account's videos by its name.
		const username =
			i % 5 === 3
				? channels.accountNamed(`${keyword} ${nicknameFor(seed, 'own-account', keyword)}`)
				: channels.usernameFor('search', list, keyword, i);
		const dateTime = ctx.epochSeconds - ageOf('vid', list, keyword, i);
		const channelVideo = channels.registerChannelVideo(
			bigIdFor(seed, 'vid', list, keyword, i),
			username,
			dateTime,
			title,
		);
		// Every fourth length band: under 5 min, 5-10 min, 20 min and over, 10-20 min (matches "all" only).
		const band = (
			[
				[30, 299],
				[300, 600],
				[1_200, 3_600],
				[601, 1_199],
			] as const
		)[i % 4];
		return {
			type: 'video',
			docID: channelVideo.id,
			exportId: channels.exportIdOf(channelVideo),
			title: highlight(title, keyword),
			desc: sentenceFor(seed, 'vid-desc', list, keyword, i),
			nickName: channelVideo.nickname,
			jumpInfo: { userName: username, extInfo: { feedNonceId: channelVideo.object_nonce_id } },
			dateTime,
			like_num: channelVideo.like_count,
			comment_num: channelVideo.comment_count,
			forward_num: channelVideo.forward_count,
			duration: intFor(band[0], band[1], seed, 'vid-duration', list, keyword, i),
		};
	}

	function other(type: string, keyword: string, i: number): OtherHit {
		return {
			type,
			docID: bigIdFor(seed, type, keyword, i),
			title: highlight(titleWith(keyword, seed, type, keyword, i), keyword),
			desc: sentenceFor(seed, `${type}-desc`, keyword, i),
			dateTime: ctx.epochSeconds - ageOf(type, keyword, i),
			like_num: intFor(0, 9_000, seed, `${type}-like`, keyword, i),
		};
	}

	const MIXED = ['account', 'article', 'article', 'video', 'video'] as const;

	const verticalHits = memo((key) => {
		const [keyword, businessType] = JSON.parse(key) as [string, string];
		return Array.from({ length: ctx.total('fetch_search') }, (_, i): SearchHit => {
			const type = businessType === 'all' ? MIXED[i % MIXED.length] : businessType;
			if (type === 'account') return account(keyword, i);
			if (type === 'article') return article(keyword, i, businessType);
			if (type === 'video') return video(keyword, i, businessType);
			return other(type, keyword, i);
		});
	});

	const videoHits = memo((keyword) =>
		Array.from({ length: ctx.total('fetch_search_videos') }, (_, i) => video(keyword, i, 'videos')),
	);

	function filterAndSort<T extends SearchHit>(hits: T[], filters: SearchFilters): T[] {
		const window = PUBLISH_WINDOWS[filters.publish_time ?? 'all'];
		const now = Math.floor(ctx.now() / 1000);
		// Accounts carry no date: a publication window does not remove them.
		const kept =
			window === undefined
				? hits
				: hits.filter((hit) => !('dateTime' in hit) || hit.dateTime >= now - window);
		const sort = filters.sort ?? 'default';
		if (sort === 'latest') return [...kept].sort((a, b) => dateOf(b) - dateOf(a));
		if (sort === 'hot') return [...kept].sort((a, b) => likesOf(b) - likesOf(a));
		return kept;
	}

	return {
		/** Hits of fetch_search in answer order (before the page split into boxes). */
		searchHits: (keyword: string, businessType = 'all', filters: SearchFilters = {}) =>
			filterAndSort(verticalHits(JSON.stringify([keyword.trim(), businessType])), filters),
		/** Hits of fetch_search_videos in answer order. */
		searchVideoHits(
			keyword: string,
			filters: SearchFilters & { duration?: Duration } = {},
		): VideoHit[] {
			const [min, max] = DURATION_RANGES[filters.duration ?? 'all'];
			return filterAndSort(videoHits(keyword.trim()), filters).filter(
				(hit) => hit.duration >= min && hit.duration <= max,
			);
		},
	};
}

const dateOf = (hit: SearchHit) => ('dateTime' in hit ? hit.dateTime : 0);
const likesOf = (hit: SearchHit) => ('like_num' in hit ? hit.like_num : 0);

export type SearchData = ReturnType<typeof searchData>;
