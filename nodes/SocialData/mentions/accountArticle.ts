import type { IDataObject } from 'n8n-workflow';
import type { MentionItem } from './mention';
import {
	firstTime,
	pick,
	plainNameOrNull,
	stripMarkup,
	text,
	textOrNull,
	titleOr,
} from './mention';

/**
 * A message of an official account's article list as a mention: the article it leads with. The
 * account's own history answer nests it as `comm_msg_info` (id, time) and `app_msg_ext_info`
 * (title, digest, link, author); the links are HTML-escaped there (`&amp;`).
 */
export function accountArticle(record: IDataObject): MentionItem {
	const article = (record.app_msg_ext_info ?? record) as IDataObject;
	const message = (record.comm_msg_info ?? record) as IDataObject;
	const body = stripMarkup(text(pick(article, ['digest', 'desc', 'summary'])));
	const link = textOrNull(pick(article, ['content_url', 'url', 'link']));
	return {
		platform: 'articles',
		kind: 'post',
		postId: null,
		id: text(pick(message, ['id', 'msgid', 'appmsgid']) ?? link),
		url: link && stripMarkup(link),
		title: titleOr(stripMarkup(text(pick(article, ['title']))), body),
		text: body,
		author: plainNameOrNull(pick(article, ['author', 'nick_name', 'nickname'])),
		publishedAt: firstTime(message, ['datetime', 'create_time', 'time']),
		likes: null,
		comments: null,
		shares: null,
		reads: null,
		openInApp: null,
		source: record,
	};
}
