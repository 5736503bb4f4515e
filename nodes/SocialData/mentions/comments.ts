import type { IDataObject } from 'n8n-workflow';
import type { Platform } from '../../shared/mention';
import { noteLink } from './links';
import type { MentionItem } from './mention';
import { count, firstTime, pick, plainNameOrNull, text, textOrNull, titleOr } from './mention';
import type { MentionRequest } from './platforms';

/**
 * Comment lists as mentions: a comment is a mention of kind `comment` whose `postId` and `url` are
 * those of the post it is under. Each list names the parsed (raw=false) field first, then the
 * raw=true spellings and those of the variants genuine answers show. Documented in docs/mentions.md.
 */

export interface CommentPost {
	postId: string | null;
	url: string | null;
	openInApp: string | null;
}

/** What a comment record says of itself; the post it is under is the caller's to give. */
export interface CommentFields {
	id: string;
	text: string;
	author: string | null;
	publishedAt: string | null;
	likes: number | null;
	replies: number | null;
}

export function commentMention(
	platform: Platform,
	record: IDataObject,
	fields: CommentFields,
	post: CommentPost,
): MentionItem {
	return {
		platform,
		kind: 'comment',
		id: fields.id,
		postId: post.postId,
		url: post.url,
		title: titleOr('', fields.text),
		text: fields.text,
		author: fields.author,
		publishedAt: fields.publishedAt,
		likes: fields.likes,
		comments: fields.replies,
		shares: null,
		reads: null,
		openInApp: post.openInApp,
		source: record,
	};
}

/** The note a share text links to (`/explore/<id>`, `/discovery/item/<id>`); short links name none. */
function noteIdInShareText(shareText: unknown): string | null {
	const match = /\/(?:explore|discovery\/item)\/([0-9a-f]{24})\b/i.exec(text(shareText));
	return match ? match[1] : null;
}

/** A comment of a note: the note is the record's `note_id`, else the one the request named. */
function noteComment(record: IDataObject, request: MentionRequest): MentionItem {
	const postId =
		textOrNull(pick(record, ['note_id', 'noteId'])) ??
		textOrNull(request.note_id) ??
		noteIdInShareText(request.share_text);
	return commentMention(
		'notes',
		record,
		{
			id: text(pick(record, ['id', 'comment_id'])),
			text: text(pick(record, ['content'])),
			author: plainNameOrNull(
				pick(record, ['user.nickname', 'user.nick_name', 'user_info.nickname']),
			),
			publishedAt: firstTime(record, ['create_time', 'time']),
			likes: count(pick(record, ['like_count', 'liked_count'])),
			replies: count(pick(record, ['sub_comment_count', 'reply_count'])),
		},
		{ postId, url: postId ? noteLink(postId, '') : null, openInApp: null },
	);
}

/**
 * A comment of a channel video. Channel videos have no public web link: the video opens in the app
 * by the numeric id the request named (`object_id`), as search hits open by theirs.
 */
function channelComment(record: IDataObject, request: MentionRequest): MentionItem {
	const postId = textOrNull(request.object_id);
	return commentMention(
		'channels',
		record,
		{
			id: text(pick(record, ['comment_id', 'commentId'])),
			text: text(pick(record, ['content'])),
			author: plainNameOrNull(
				pick(record, ['nickname', 'nickName', 'author_contact.nickname', 'authorContact.nickname']),
			),
			publishedAt: firstTime(record, ['create_time', 'createtime']),
			likes: count(pick(record, ['like_count', 'likeCount'])),
			replies: count(pick(record, ['reply_count', 'expandCommentCount', 'expand_comment_count'])),
		},
		{ postId, url: null, openInApp: postId },
	);
}

/**
 * A comment of an official-account article: the article is the link the request named (the answer
 * names it only by internal numbers), which is also its id here. Raw answers carry a small per-article
 * `id` beside the 64-bit `content_id`: the comment's id is `content_id`.
 */
function articleComment(record: IDataObject, request: MentionRequest): MentionItem {
	const url = textOrNull(text(request.url).trim());
	return commentMention(
		'articles',
		record,
		{
			id: text(pick(record, ['content_id'])),
			text: text(pick(record, ['content'])),
			author: plainNameOrNull(pick(record, ['nick_name', 'nickname'])),
			publishedAt: firstTime(record, ['create_time']),
			likes: count(pick(record, ['like_num', 'like_count'])),
			replies: count(pick(record, ['reply_total', 'reply_new.reply_total_cnt'])),
		},
		{ postId: url, url: url && /^https?:\/\//i.test(url) ? url : null, openInApp: null },
	);
}

export const COMMENT_MAPPERS = { noteComment, channelComment, articleComment };
