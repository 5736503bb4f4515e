import { SIM_EPOCH_MS } from '../../constants';
import type { ShortVideo } from '../../dataset/shortVideo';
import { hexFor } from '../../dataset/random';
import {
	HttpError,
	missing,
	optionalBool,
	optionalInt,
	optionalString,
	requiredInt,
	requiredString,
	type Input,
} from './input';
import { pageAt } from './paging';
import { playUrl } from '../../media/links';
import { DataReply, type DataContext, type DataGroup } from './types';
import type { DouyinComment } from '../../dataset/douyinComments';
import {
	douyinCommentAnswer,
	douyinHotListAnswer,
	douyinProfileAnswer,
	douyinReplyAnswer,
	type CommentPage,
} from '../../shapes/douyin';

const MAX_IDS = 50;

/**
 * Short-video group. Lists page by `max_cursor`: 0 first, then the previous answer's value, a
 * millisecond time key of the last record (its create_time for a user's posts in time order,
 * otherwise the time it was liked or collected). The next page holds the records with a smaller key.
 */
export const shortVideo: DataGroup = {
	key: 'shortVideo',
	endpoints: {
		fetch_one_video(input, ctx) {
			const video = ctx.dataset.video(awemeId(input));
			if (!optionalBool(input, 'need_anchor_info', false)) return { aweme_detail: video };
			return { aweme_detail: { ...video, anchor_info: anchorInfo(video) } };
		},
		fetch_one_video_v2: (input, ctx) => ({ aweme_detail: ctx.dataset.video(awemeId(input)) }),
		fetch_one_video_by_share_url: (input, ctx) => ({
			aweme_detail: ctx.dataset.video(awemeIdOfShareUrl(requiredString(input, 'share_url'), ctx)),
		}),
		fetch_video_high_quality_play_url(input, ctx) {
			const region = optionalString(input, 'region') || undefined;
			if (region !== undefined && !/^[A-Za-z]{2}$/.test(region))
				throw new HttpError(
					400,
					'Invalid region: must be a two-letter ISO country code',
					'input.region',
				);
			const id = optionalString(input, 'aweme_id') ? awemeId(input) : undefined;
			const shareUrl = optionalString(input, 'share_url');
			if (id === undefined && !shareUrl) throw missing('aweme_id or share_url');
			const videoId = id ?? awemeIdOfShareUrl(shareUrl as string, ctx);
			return {
				video_id: videoId,
				original_video_url: playUrl(ctx, videoId, region),
				video_data: {
					duration: ctx.dataset.videoDurationMs(videoId),
					size: ctx.dataset.videoFileSize(videoId),
				},
				region: region ?? null,
			};
		},
		fetch_multi_video_high_quality_play_url(input, ctx) {
			const ids = requiredString(input, 'aweme_ids')
				.split(',')
				.map((id) => id.trim())
				.filter(Boolean);
			if (ids.length === 0) throw missing('aweme_ids');
			tooMany(ids.length);
			const videos = ids.map((id) => {
				if (!ctx.dataset.isAwemeId(id)) {
					return {
						video_id: id,
						original_video_url: null,
						file_size: null,
						file_size_in_mb: null,
						content_type: null,
						success: false,
						error: 'Invalid aweme_id',
					};
				}
				const size = ctx.dataset.videoFileSize(id);
				return {
					video_id: id,
					original_video_url: playUrl(ctx, id),
					file_size: size,
					file_size_in_mb: Math.round((size / 1_048_576) * 100) / 100,
					content_type: 'video/mp4',
					success: true,
					error: null,
				};
			});
			const succeeded = videos.filter((v) => v.success).length;
			// Spec, Limits: a batch of fewer than 50 videos is charged as 50.
			return new DataReply(
				{
					total: ids.length,
					success_count: succeeded,
					failed_count: ids.length - succeeded,
					videos,
				},
				Math.max(MAX_IDS, ids.length),
			);
		},
		fetch_multi_video(input, ctx) {
			const value = input.aweme_ids;
			if (value === undefined || value === null) throw missing('aweme_ids');
			if (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))
				throw new HttpError(
					400,
					'Invalid aweme_ids: must be a list of id strings',
					'input.aweme_ids',
				);
			if (value.length === 0) throw missing('aweme_ids');
			tooMany(value.length);
			return {
				aweme_details: (value as string[])
					.filter((id) => ctx.dataset.isAwemeId(id.trim()))
					.map((id) => ctx.dataset.video(id.trim())),
			};
		},
		fetch_one_video_danmaku(input, ctx) {
			const itemId = digits(requiredString(input, 'item_id'), 'item_id');
			const duration = requiredInt(input, 'duration', { min: 0 });
			const start = requiredInt(input, 'start_time', { min: 0 });
			const end = requiredInt(input, 'end_time', { min: 0 });
			if (end < start)
				throw new HttpError(
					400,
					'Invalid end_time: must not be before start_time',
					'input.end_time',
				);
			const list = ctx.dataset
				.danmaku(itemId, duration)
				.filter((d) => d.offset_time >= start && d.offset_time <= end);
			return { danmaku_list: list, total: list.length };
		},
		fetch_home_feed(input, ctx) {
			const count = optionalInt(input, 'count', { min: 1 }) ?? 10;
			const page = optionalInt(input, 'refresh_index', { min: 0 }) ?? 0;
			return byPage(
				ctx.dataset.homeFeed(optionalString(input, 'cookie') || undefined),
				page,
				count,
			);
		},
		fetch_related_posts(input, ctx) {
			const id = awemeId(input);
			const count = optionalInt(input, 'count', { min: 1 }) ?? 20;
			const page = (optionalInt(input, 'refresh_index', { min: 1 }) ?? 1) - 1;
			return byPage(ctx.dataset.relatedPosts(id), page, count);
		},
		fetch_user_post_videos(input, ctx) {
			const secUserId = requiredString(input, 'sec_user_id');
			const filterType = optionalString(input, 'filter_type') ?? '0';
			if (filterType !== '0' && filterType !== '3')
				throw new HttpError(400, 'Invalid filter_type: must be 0 or 3', 'input.filter_type');
			const videos = ctx.dataset.userPostVideos(secUserId, filterType);
			return videoPage(
				videos,
				filterType === '0' ? (v) => v.create_time * 1000 : actionKey,
				input,
				'count',
				ctx,
			);
		},
		fetch_user_like_videos(input, ctx) {
			const secUserId = requiredString(input, 'sec_user_id');
			requiredString(input, 'cookie');
			return videoPage(ctx.dataset.userLikeVideos(secUserId), actionKey, input, 'count', ctx);
		},
		fetch_user_collection_videos: (input, ctx) =>
			videoPage(
				ctx.dataset.userCollectionVideos(requiredString(input, 'cookie')),
				actionKey,
				input,
				'count',
				ctx,
			),
		fetch_user_collects(input, ctx) {
			const folders = ctx.dataset.userCollects(requiredString(input, 'cookie'));
			const page = cursorPage(folders, actionKey, input, 'count', ctx);
			return { collects_list: page.items, max_cursor: page.maxCursor, has_more: page.hasMore };
		},
		fetch_user_collects_videos: (input, ctx) =>
			videoPage(
				ctx.dataset.collectsVideos(requiredString(input, 'collects_id')),
				actionKey,
				input,
				'counts',
				ctx,
			),
		fetch_video_comments(input, ctx) {
			const id = awemeId(input);
			return douyinCommentAnswer(commentPage(ctx.dataset.douyinVideoComments(id), input, ctx));
		},
		fetch_video_comment_replies(input, ctx) {
			const itemId = digits(requiredString(input, 'item_id'), 'item_id');
			const commentId = digits(requiredString(input, 'comment_id'), 'comment_id');
			const replies = ctx.dataset.douyinCommentReplies(itemId, commentId);
			return douyinReplyAnswer(commentPage(replies, input, ctx));
		},
		fetch_hot_search_result: (_input, ctx) =>
			douyinHotListAnswer(ctx.dataset.douyinHotWords(), ctx.clock.now()),
		handler_user_profile(input, ctx) {
			const author = ctx.dataset.shortVideoAuthor(requiredString(input, 'sec_user_id').trim());
			return douyinProfileAnswer(
				ctx.dataset.douyinProfile(author.uid, author.sec_uid, author.nickname),
				ctx.clock.now(),
			);
		},
		fetch_user_mix_videos: (input, ctx) =>
			videoPage(
				ctx.dataset.mixVideos(requiredString(input, 'mix_id')),
				actionKey,
				input,
				'counts',
				ctx,
			),
	},
};

function digits(value: string, name: string): string {
	const trimmed = value.trim();
	if (!/^\d{1,20}$/.test(trimmed))
		throw new HttpError(400, `Invalid ${name}: must contain digits only`, `input.${name}`);
	return trimmed;
}

const awemeId = (input: Input) => digits(requiredString(input, 'aweme_id'), 'aweme_id');

function awemeIdOfShareUrl(shareUrl: string, ctx: DataContext): string {
	const id = ctx.dataset.awemeIdFromShareUrl(shareUrl);
	if (!id)
		throw new HttpError(400, 'Invalid share_url: not a short-video share link', 'input.share_url');
	return id;
}

function tooMany(count: number) {
	if (count > MAX_IDS)
		throw new HttpError(
			400,
			`Invalid aweme_ids: at most ${MAX_IDS} ids per call, got ${count}`,
			'input.aweme_ids',
		);
}

function anchorInfo(video: ShortVideo) {
	return {
		location: { city: 'Hangzhou', poi_name: `${video.author.nickname}'s favourite place` },
		merchant: {
			shop_name: `${video.author.nickname} shop`,
			shop_id: hexFor(12, 'shop', video.aweme_id),
		},
		product_showcase: [
			{
				product_id: hexFor(16, 'product', video.aweme_id),
				title: 'Featured product',
				price: 19900,
			},
		],
	};
}

/** Time key of the i-th record of a list ordered by when it was liked or collected: one hour apart. */
const actionKey = (_: unknown, index: number) => SIM_EPOCH_MS - (index + 1) * 3_600_000;

function cursorPage<T>(
	list: readonly T[],
	keyOf: (record: T, index: number) => number,
	input: Input,
	countField: 'count' | 'counts',
	ctx: DataContext,
) {
	const maxCursor = optionalInt(input, 'max_cursor', { min: 0 }) ?? 0;
	const count = optionalInt(input, countField, { min: 1 }) ?? ctx.pageSize;
	// Keys fall along the list, so the page starts at the first record older than the cursor.
	let start = 0;
	if (maxCursor > 0) {
		let high = list.length;
		while (start < high) {
			const middle = (start + high) >> 1;
			if (keyOf(list[middle], middle) < maxCursor) high = middle;
			else start = middle + 1;
		}
	}
	const { items, next, more } = pageAt(list, start, count);
	return {
		items,
		maxCursor: items.length ? keyOf(items[items.length - 1], next - 1) : maxCursor,
		hasMore: more ? 1 : 0,
	};
}

function videoPage(
	list: readonly ShortVideo[],
	keyOf: (video: ShortVideo, index: number) => number,
	input: Input,
	countField: 'count' | 'counts',
	ctx: DataContext,
) {
	const page = cursorPage(list, keyOf, input, countField, ctx);
	return { aweme_list: page.items, max_cursor: page.maxCursor, has_more: page.hasMore };
}

function byPage(list: readonly ShortVideo[], page: number, count: number) {
	const { items, more } = pageAt(list, page * count, count);
	return { aweme_list: items, has_more: more ? 1 : 0 };
}

/** Comment lists page by `cursor`, an offset: 0 first, then the previous answer's `cursor`. */
function commentPage(list: readonly DouyinComment[], input: Input, ctx: DataContext): CommentPage {
	const cursor = optionalInt(input, 'cursor', { min: 0 }) ?? 0;
	const count = optionalInt(input, 'count', { min: 1 }) ?? 20;
	const { items, next, more } = pageAt(list, cursor, count);
	return {
		comments: items,
		cursor: next,
		hasMore: more,
		total: list.length,
		nowMs: ctx.clock.now(),
	};
}
