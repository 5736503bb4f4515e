import { DAY_SECONDS, memo, type DatasetContext } from './context';
import { digitsFor, hash32, intFor } from './random';
import type { ShortVideo, ShortVideoData } from './shortVideo';
import { crossPostedTitle, CROSS_POSTED_AT, sentenceFor, titleWith } from './text';

/** A Douyin search hit's post: a short video or an image post (`aweme_type` 68), its keyword in `desc`. */
export interface DouyinPost extends ShortVideo {
	/** 0 a video, 68 an image post. */
	aweme_type: number;
	/** Milliseconds; 0 for an image post. */
	duration: number;
}

export const DOUYIN_SORT_TYPES = ['0', '1', '2'] as const;
export const DOUYIN_PUBLISH_TIMES = ['0', '1', '7', '180'] as const;
export const DOUYIN_DURATIONS = ['0', '0-1', '1-5', '5-10000'] as const;
export const DOUYIN_CONTENT_TYPES = ['0', '1', '2', '3'] as const;

export interface DouyinSearchFilters {
	sort_type?: (typeof DOUYIN_SORT_TYPES)[number];
	publish_time?: (typeof DOUYIN_PUBLISH_TIMES)[number];
	filter_duration?: (typeof DOUYIN_DURATIONS)[number];
	content_type?: (typeof DOUYIN_CONTENT_TYPES)[number];
}

export const IMAGE_POST = 68;

/** Minutes of each duration filter (image posts have no length: only "any length" keeps them). */
const DURATION_MINUTES: Record<string, [number, number]> = {
	'0-1': [0, 1],
	'1-5': [1, 5],
	'5-10000': [5, 10_000],
};

/** Which posts a filter set keeps, `now` in epoch seconds. */
export function douyinFilter(filters: DouyinSearchFilters, nowSeconds: number) {
	const days = Number(filters.publish_time ?? '0');
	const minutes = DURATION_MINUTES[filters.filter_duration ?? '0'];
	const content = filters.content_type ?? '0';
	return (post: DouyinPost) => {
		if (days > 0 && post.create_time < nowSeconds - days * DAY_SECONDS) return false;
		if (minutes) {
			if (post.aweme_type === IMAGE_POST) return false;
			const length = post.duration / 60_000;
			if (length < minutes[0] || length > minutes[1]) return false;
		}
		if (content === '1') return post.aweme_type !== IMAGE_POST;
		if (content === '2') return post.aweme_type === IMAGE_POST;
		// No article posts are generated.
		return content !== '3';
	};
}

/** Orders a filtered list as `sort_type` asks: as generated, most liked first, or newest first. */
export function douyinOrder(posts: DouyinPost[], sortType: string | undefined): DouyinPost[] {
	if (sortType === '1')
		return [...posts].sort((a, b) => b.statistics.digg_count - a.statistics.digg_count);
	if (sortType === '2') return [...posts].sort((a, b) => b.create_time - a.create_time);
	return posts;
}

/**
 * Douyin keyword search: for each keyword a list of posts (every fifth an image post) whose `desc`
 * holds the keyword, aweme ids of 19 digits, publish times from minutes to two years back.
 */
export function douyinSearchData(ctx: DatasetContext, shortVideo: ShortVideoData) {
	const { seed } = ctx;

	/** A post with this id, keyword and publish time: the short-video record with the search's fields. */
	function douyinPost(
		awemeId: string,
		desc: string,
		createTime: number,
		imagePost: boolean,
	): DouyinPost {
		return {
			...shortVideo.video(awemeId),
			desc,
			create_time: createTime,
			aweme_type: imagePost ? IMAGE_POST : 0,
			duration: imagePost ? 0 : intFor(8_000, 900_000, seed, 'dy-duration', awemeId),
		};
	}

	function ageOf(keyword: string, i: number): number {
		const band = hash32(seed, 'dy-age-band', keyword, i) % 6;
		const h = hash32(seed, 'dy-age', keyword, i);
		if (band === 0) return 60 + (h % 72_000);
		if (band < 3) return DAY_SECONDS + (h % (6 * DAY_SECONDS));
		return 8 * DAY_SECONDS + (h % (700 * DAY_SECONDS));
	}

	const posts = memo((keyword) =>
		Array.from({ length: ctx.total('fetch_general_search_v1') }, (_, i) => {
			const awemeId = `7${digitsFor(18, seed, 'dy-search', keyword, i)}`;
			const createTime = ctx.epochSeconds - ageOf(keyword, i);
			if (i === CROSS_POSTED_AT) {
				// The cross-posted launch story went viral on Douyin: the report's most engaged.
				const post = douyinPost(awemeId, crossPostedTitle(keyword, 'douyin'), createTime, false);
				const statistics = {
					...post.statistics,
					digg_count: 1_800_000,
					comment_count: 42_000,
					share_count: 36_000,
				};
				return { ...post, statistics };
			}
			const desc = `${titleWith(keyword, seed, 'dy-title', keyword, i)} ${sentenceFor(seed, 'dy-desc', keyword, i)}`;
			return douyinPost(awemeId, desc, createTime, i % 5 === 2);
		}),
	);

	const search = (keyword: string, filters: DouyinSearchFilters = {}) =>
		douyinOrder(
			posts(keyword.trim()).filter(douyinFilter(filters, Math.floor(ctx.now() / 1000))),
			filters.sort_type,
		);

	return {
		douyinPost,
		/** Posts of the general search (videos and image posts) in answer order. */
		douyinSearch: search,
		/** Posts of the video search: the videos among them. */
		douyinVideoSearch: (keyword: string, filters: DouyinSearchFilters = {}) =>
			search(keyword, filters).filter((post) => post.aweme_type !== IMAGE_POST),
	};
}

export type DouyinSearchData = ReturnType<typeof douyinSearchData>;
