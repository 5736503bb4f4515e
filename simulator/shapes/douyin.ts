import type { DouyinComment, DouyinProfile, HotWord } from '../dataset/douyinComments';
import { pour, recordedAnswer } from './template';

/**
 * Douyin's comment lists, hot list and profile in the shapes of the genuine captures
 * (simulator/recorded/shortVideo/, sources in its README): generated values poured into the
 * recorded records, the recorded keys, nesting and types kept.
 */

const COMMENTS = 'shortVideo/fetch_video_comments.json';
const REPLIES = 'shortVideo/fetch_video_comment_replies.json';
const HOT_LIST = 'shortVideo/fetch_hot_search_result.json';
const PROFILE = 'shortVideo/handler_user_profile.json';

const firstOf = (file: string, key: string) =>
	(recordedAnswer(file)[key] as unknown[])[0] as Record<string, unknown>;

function commentRecord(file: string, comment: DouyinComment, total: number) {
	return pour(firstOf(file, 'comments'), {
		cid: comment.cid,
		text: comment.text,
		aweme_id: comment.aweme_id,
		create_time: comment.create_time,
		digg_count: comment.digg_count,
		reply_id: comment.reply_id,
		'user.uid': comment.user.uid,
		'user.sec_uid': comment.user.sec_uid,
		'user.nickname': comment.user.nickname,
		...(file === COMMENTS
			? {
					reply_comment_total: comment.reply_comment_total,
					ip_label: comment.ip_label,
					item_comment_total: total,
				}
			: {}),
	});
}

/** A page of a comment list: `cursor` is where the next page starts, `has_more` 1 or 0. */
export interface CommentPage {
	comments: DouyinComment[];
	cursor: number;
	hasMore: boolean;
	total: number;
	nowMs: number;
}

function commentAnswer(file: string, page: CommentPage) {
	return pour(recordedAnswer(file), {
		comments: page.comments.map((comment) => commentRecord(file, comment, page.total)),
		cursor: page.cursor,
		has_more: page.hasMore ? 1 : 0,
		total: page.total,
		'extra.now': page.nowMs,
	});
}

export const douyinCommentAnswer = (page: CommentPage) => commentAnswer(COMMENTS, page);

export const douyinReplyAnswer = (page: CommentPage) => commentAnswer(REPLIES, page);

/** The hot list: one record per hot word under `data.word_list`, by rank. */
export function douyinHotListAnswer(words: HotWord[], nowMs: number) {
	const list = recordedAnswer(HOT_LIST).data as Record<string, unknown[]>;
	return pour(recordedAnswer(HOT_LIST), {
		'data.word_list': words.map((word) =>
			pour(list.word_list[0], {
				word: word.word,
				hot_value: word.hot_value,
				position: word.position,
				sentence_id: word.sentence_id,
				group_id: word.group_id,
				event_time: word.event_time,
				video_count: word.video_count,
			}),
		),
		'extra.now': nowMs,
	});
}

export function douyinProfileAnswer(profile: DouyinProfile, nowMs: number) {
	return pour(recordedAnswer(PROFILE), {
		'user.uid': profile.uid,
		'user.sec_uid': profile.sec_uid,
		'user.nickname': profile.nickname,
		'user.signature': profile.signature,
		'user.unique_id': profile.unique_id,
		'user.aweme_count': profile.aweme_count,
		'user.follower_count': profile.follower_count,
		'user.mplatform_followers_count': profile.follower_count,
		'user.following_count': profile.following_count,
		'user.total_favorited': profile.total_favorited,
		'user.room_id': profile.room_id,
		'user.share_info.share_url': `www.iesdouyin.com/share/user/${profile.uid}?sec_uid=${profile.sec_uid}`,
		'extra.now': nowMs,
	});
}
