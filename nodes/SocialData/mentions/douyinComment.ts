import type { IDataObject } from 'n8n-workflow';
import type { MentionItem } from './mention';
import { count, firstTime, pick, plainNameOrNull, text, titleOr } from './mention';
import type { MentionRequest } from './platforms';

/** Douyin's web address of a video: comments link to the post they are under. */
const videoLink = (awemeId: string) => `https://www.douyin.com/video/${awemeId}`;

/**
 * A Douyin comment or reply as a mention: the post it is under is the record's `aweme_id`, else
 * the video the request named (`aweme_id` for comments, `item_id` for replies).
 */
export function douyinComment(record: IDataObject, request: MentionRequest): MentionItem {
	const body = text(pick(record, ['text']));
	const postId = text(pick(record, ['aweme_id']) ?? request.aweme_id ?? request.item_id);
	return {
		platform: 'douyin',
		kind: 'comment',
		postId: postId || null,
		id: text(pick(record, ['cid'])),
		url: postId ? videoLink(postId) : null,
		title: titleOr('', body),
		text: body,
		author: plainNameOrNull(pick(record, ['user.nickname'])),
		publishedAt: firstTime(record, ['create_time']),
		likes: count(pick(record, ['digg_count'])),
		comments: count(pick(record, ['reply_comment_total'])),
		shares: null,
		reads: null,
		openInApp: null,
		source: record,
	};
}
