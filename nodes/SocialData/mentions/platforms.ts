import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor, MentionShape } from '../descriptor';
import { accountArticle } from './accountArticle';
import { COMMENT_MAPPERS } from './comments';
import { douyinComment } from './douyinComment';
import { douyinVideo } from './douyinVideo';
import { noteLink } from './links';
import type { Platform } from '../../shared/mention';
import type { MentionItem, MentionRequest } from './mention';
import {
	count,
	firstTime,
	pick,
	plainNameOrNull,
	stripMarkup,
	text,
	textOrNull,
	titleOr,
} from './mention';

/**
 * Which field of each platform's record fills which field of a mention. Each list names the
 * parsed (raw=false) field first and the raw=true spellings, and those of the variants genuine
 * answers show, after it. Documented in docs/mentions.md.
 */

function note(record: IDataObject): MentionItem {
	// App answers nest the note under `note`, web answers under `note_card` (with the token beside it).
	const note = (record.note ?? record.note_card ?? record) as IDataObject;
	const body = text(pick(note, ['desc', 'description']));
	const id = text(pick(note, ['id', 'note_id']) ?? pick(record, ['id', 'note_id']));
	const url = noteLink(id, text(pick(note, ['xsec_token']) ?? pick(record, ['xsec_token'])));
	return {
		platform: 'notes',
		kind: 'post',
		postId: null,
		id,
		url: url ?? textOrNull(pick(note, ['url', 'share_url', 'link'])),
		title: titleOr(stripMarkup(text(pick(note, ['title', 'display_title']))), body),
		text: body,
		author: plainNameOrNull(pick(note, ['user.nickname', 'user.nick_name', 'user.nickName'])),
		publishedAt: firstTime(note, ['timestamp', 'time', 'create_time', 'publish_time']),
		likes: count(pick(note, ['liked_count', 'likes', 'interact_info.liked_count'])),
		comments: count(pick(note, ['comments_count', 'comment_count', 'interact_info.comment_count'])),
		shares: count(pick(note, ['shared_count', 'share_count', 'interact_info.shared_count'])),
		reads: null,
		openInApp: null,
		source: record,
	};
}

/** The verticals a search names (a hit's `type`, the request's `business_type`) as platforms. */
const VERTICAL_PLATFORMS: Record<string, Platform> = {
	article: 'articles',
	video: 'channels',
	account: 'accounts',
};

/**
 * A hit's platform: its own `type`; else the vertical the request asked for (genuine hits carry no
 * `type`: the answer's boxes do); else what it carries (a video's export id, an account's `gh_`
 * name); else `web`.
 */
function searchPlatform(record: IDataObject, request: MentionRequest): Platform {
	const own = VERTICAL_PLATFORMS[text(pick(record, ['type']))];
	if (own) return own;
	const asked = VERTICAL_PLATFORMS[text(request.business_type)];
	if (asked) return asked;
	if (pick(record, ['exportId', 'export_id', 'jumpInfo.extInfo.feedNonceId'])) return 'channels';
	if (/^gh_/.test(text(pick(record, ['jumpInfo.userName'])))) return 'accounts';
	return 'web';
}

function searchHit(record: IDataObject, platform: Platform): MentionItem {
	const body = stripMarkup(text(pick(record, ['desc', 'signature', 'jumpInfo.signature'])));
	const url = textOrNull(pick(record, ['doc_url', 'url', 'jumpInfo.url', 'jumpInfo.jumpUrl']));
	const id = text(pick(record, ['docID', 'doc_id', 'docId', 'id']));
	// Channel videos and accounts open only in the app: by the video's export id, the account's name.
	const appId = pick(record, ['exportId', 'export_id', 'jumpInfo.userName', 'username']);
	return {
		platform,
		kind: 'post',
		postId: null,
		id,
		url,
		title: titleOr(stripMarkup(text(pick(record, ['title']))), body),
		text: body,
		// `source.title` is the account name; search answers mark the keyword in it as in titles.
		author: plainNameOrNull(
			pick(record, ['source.title', 'nickName', 'nickname', 'jumpInfo.nickName', 'username']),
		),
		// `dateTime` may be display text ("4年前") while `pubTime` holds the epoch.
		publishedAt: firstTime(record, [
			'pubTime',
			'pub_time',
			'dateTime',
			'date_time',
			'create_time',
			'timestamp',
		]),
		likes: count(pick(record, ['like_num', 'likeNum', 'like_count'])),
		comments: count(pick(record, ['comment_num', 'commentNum', 'comment_count'])),
		shares: count(pick(record, ['forward_num', 'forwardNum', 'share_count'])),
		reads: count(pick(record, ['read_num', 'readNum', 'read_count'])),
		openInApp: url ? null : text(appId ?? id) || null,
		source: record,
	};
}

function channelSearchHit(record: IDataObject): MentionItem {
	return {
		...searchHit(record, 'channels'),
		author: plainNameOrNull(pick(record, ['nickname', 'nickName', 'username'])),
	};
}

type MentionMapper = (record: IDataObject, request: MentionRequest) => MentionItem;

const MENTION_MAPPERS: Record<MentionShape, MentionMapper> = {
	note,
	searchHit: (record, request) => searchHit(record, searchPlatform(record, request)),
	// Every hit of the video search is a channel video, whatever its record says of itself.
	videoSearchHit: (record) => searchHit(record, 'channels'),
	channelSearchHit,
	accountArticle,
	...COMMENT_MAPPERS,
	douyinComment,
	douyinVideo,
};

/** The platform of each mention shape's list; a search's is the vertical the request asked for. */
const LIST_PLATFORMS: Record<MentionShape, (request: MentionRequest) => Platform> = {
	note: () => 'notes',
	noteComment: () => 'notes',
	searchHit: (request) => VERTICAL_PLATFORMS[text(request.business_type)] ?? 'web',
	videoSearchHit: () => 'channels',
	channelSearchHit: () => 'channels',
	channelComment: () => 'channels',
	accountArticle: () => 'articles',
	articleComment: () => 'articles',
	douyinVideo: () => 'douyin',
	douyinComment: () => 'douyin',
};

/**
 * The platform a list of this endpoint is on, for this request: what its walk summary and its
 * failures name, so a flow's run rows say where they looked without a table of endpoints.
 */
export function listPlatformField(
	endpoint: Pick<EndpointDescriptor, 'mentions'>,
	request: MentionRequest,
): { platform?: Platform } {
	return endpoint.mentions ? { platform: LIST_PLATFORMS[endpoint.mentions](request) } : {};
}

/**
 * How a record of this endpoint becomes a mention, given the request it answered (a hit that does
 * not name its platform takes the one asked for); none when the descriptor gives it no mention shape.
 */
export function mentionMapperOf(
	endpoint: Pick<EndpointDescriptor, 'mentions'>,
	request: MentionRequest = {},
): ((record: IDataObject) => MentionItem) | undefined {
	const mapper = endpoint.mentions ? MENTION_MAPPERS[endpoint.mentions] : undefined;
	return mapper && ((record) => mapper(record, request));
}
