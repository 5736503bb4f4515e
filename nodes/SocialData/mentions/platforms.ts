import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor, MentionShape } from '../descriptor';
import type { Mention } from './mention';
import { count, isoTime, pick, stripMarkup, text, textOrNull } from './mention';

/**
 * Which field of each platform's record fills which field of a mention. Each list names the
 * parsed (raw=false) field first and the raw=true spelling after it. Documented in docs/mentions.md.
 */

function note(record: IDataObject): Mention {
	const note = (record.note as IDataObject | undefined) ?? record;
	return {
		platform: 'notes',
		id: text(pick(note, ['id']) ?? pick(record, ['id'])),
		url: textOrNull(pick(note, ['url', 'share_url', 'link'])),
		title: stripMarkup(text(pick(note, ['title', 'display_title']))),
		text: text(pick(note, ['desc', 'description'])),
		author: textOrNull(pick(note, ['user.nickname', 'user.nick_name'])),
		publishedAt: isoTime(pick(note, ['timestamp', 'time', 'create_time'])),
		likes: count(pick(note, ['liked_count', 'likes'])),
		comments: count(pick(note, ['comments_count', 'comment_count'])),
		shares: count(pick(note, ['shared_count', 'share_count'])),
		reads: null,
		source: record,
	};
}

function searchHit(record: IDataObject): Mention {
	const type = text(pick(record, ['type']));
	const platform =
		type === 'article'
			? 'articles'
			: type === 'video'
				? 'channels'
				: type === 'account'
					? 'accounts'
					: 'web';
	return {
		platform,
		id: text(pick(record, ['docID', 'doc_id', 'docId', 'id'])),
		url: textOrNull(pick(record, ['doc_url', 'url', 'jumpInfo.url', 'jumpInfo.jumpUrl'])),
		title: stripMarkup(text(pick(record, ['title']))),
		text: stripMarkup(text(pick(record, ['desc', 'signature', 'jumpInfo.signature']))),
		author: textOrNull(
			pick(record, ['source.title', 'nickName', 'nickname', 'jumpInfo.nickName', 'username']),
		),
		publishedAt: isoTime(pick(record, ['dateTime', 'date_time', 'create_time', 'timestamp'])),
		likes: count(pick(record, ['like_num', 'likeNum', 'like_count'])),
		comments: count(pick(record, ['comment_num', 'commentNum', 'comment_count'])),
		shares: count(pick(record, ['forward_num', 'forwardNum', 'share_count'])),
		reads: count(pick(record, ['read_num', 'readNum', 'read_count'])),
		source: record,
	};
}

function channelSearchHit(record: IDataObject): Mention {
	return {
		...searchHit(record),
		platform: 'channels',
		author: textOrNull(pick(record, ['nickname', 'nickName', 'username'])),
	};
}

const MENTION_MAPPERS: Record<MentionShape, (record: IDataObject) => Mention> = {
	note,
	searchHit,
	channelSearchHit,
};

/** How a record of this endpoint becomes a mention; none when the descriptor gives it no mention shape. */
export function mentionMapperOf(
	endpoint: Pick<EndpointDescriptor, 'mentions'>,
): ((record: IDataObject) => Mention) | undefined {
	return endpoint.mentions ? MENTION_MAPPERS[endpoint.mentions] : undefined;
}
