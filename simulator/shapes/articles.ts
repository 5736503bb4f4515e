import type { AccountMessage, ListedArticle } from '../dataset/articles';
import { valueAt } from '../objectPaths';
import { pour, recordedAnswer } from './template';

/**
 * An official account's article list in the recorded shape of its history answer
 * (simulator/recorded/articles/fetch_mp_article_list.profile_ext-2020.json): the messages are JSON
 * text in `general_msg_list`, their links HTML-escaped (`&amp;`) as the capture writes them.
 */

const HISTORY = 'articles/fetch_mp_article_list.profile_ext-2020.json';

const escapedLink = (url: string) => url.replace(/&/g, '&amp;');

/** The captured messages: the first leads a single article, the second carries one more below it. */
const capturedMessages = () =>
	(JSON.parse(String(recordedAnswer(HISTORY).general_msg_list)) as { list: unknown[] }).list;

function articleValues(article: ListedArticle) {
	return {
		title: article.title,
		digest: article.digest,
		author: article.author,
		content_url: escapedLink(article.content_url),
		cover: article.cover,
	};
}

function recordedMessage(message: AccountMessage): Record<string, unknown> {
	const [single, withMore] = capturedMessages();
	const template = message.more.length ? withMore : single;
	const subTemplate = valueAt(withMore, 'app_msg_ext_info.multi_app_msg_item_list.0');
	return pour(template, {
		'comm_msg_info.id': message.id,
		'comm_msg_info.datetime': message.datetime,
		'comm_msg_info.fakeid': message.fakeid,
		...Object.fromEntries(
			Object.entries(articleValues(message.lead)).map(([key, value]) => [
				`app_msg_ext_info.${key}`,
				value,
			]),
		),
		'app_msg_ext_info.is_multi': message.more.length ? 1 : 0,
		'app_msg_ext_info.multi_app_msg_item_list': message.more.map((article) =>
			pour(subTemplate, articleValues(article)),
		),
	});
}

/** A page of the list: `can_msg_continue` 1 while more exist, `next_offset` the next page's offset. */
export function recordedArticleListPage(
	messages: AccountMessage[],
	nextOffset: number,
	more: boolean,
) {
	return {
		...recordedAnswer(HISTORY),
		msg_count: messages.length,
		can_msg_continue: more ? 1 : 0,
		general_msg_list: JSON.stringify({ list: messages.map(recordedMessage) }),
		next_offset: nextOffset,
	};
}
