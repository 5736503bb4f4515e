import type { IDataObject } from 'n8n-workflow';
import { commentMention } from './comments';
import type { MentionItem } from './mention';
import { count, firstTime, pick, plainNameOrNull, text } from './mention';
import type { MentionRequest } from './platforms';

/** Douyin's web address of a video: comments link to the post they are under. */
const videoLink = (awemeId: string) => `https://www.douyin.com/video/${awemeId}`;

/**
 * A Douyin comment or reply as a mention: the post it is under is the record's `aweme_id`, else
 * the video the request named (`aweme_id` for comments, `item_id` for replies).
 */
export function douyinComment(record: IDataObject, request: MentionRequest): MentionItem {
	const postId = text(pick(record, ['aweme_id']) ?? request.aweme_id ?? request.item_id);
	return commentMention(
		'douyin',
		record,
		{
			id: text(pick(record, ['cid'])),
			text: text(pick(record, ['text'])),
			author: plainNameOrNull(pick(record, ['user.nickname'])),
			publishedAt: firstTime(record, ['create_time']),
			likes: count(pick(record, ['digg_count'])),
			replies: count(pick(record, ['reply_comment_total'])),
		},
		{ postId: postId || null, url: postId ? videoLink(postId) : null, openInApp: null },
	);
}
