import type { GroupDescriptor } from './types';
import {
	articleUrlField,
	CHARGED_WITHOUT_ANSWER_DEFAULTS,
	endpointsOf,
	same,
} from './commonFields';

const endpoint = endpointsOf('articles', CHARGED_WITHOUT_ANSWER_DEFAULTS);

export const articles: GroupDescriptor = {
	key: 'articles',
	displayName: 'Articles (WeChat Official Accounts)',
	description:
		'Articles of official accounts: text and details, read and like counts, comments and replies',
	endpoints: [
		endpoint({
			name: 'fetch_article_detail',
			displayName: 'Get Article Detail',
			description:
				'Title, author, publication time, album and text of an article (content always parsed into an object)',
			fields: [articleUrlField],
		}),
		endpoint({
			name: 'fetch_article_stats',
			displayName: 'Get Article Stats',
			description: 'Reads, likes, shares, collects, comments and stars of an article',
			fields: [articleUrlField],
		}),
		endpoint({
			name: 'fetch_article_comments',
			displayName: 'Get Article Comments',
			description: 'Comments of an article with their first replies',
			mentions: 'articleComment',
			newestFirst: {
				order: {},
				id: same('content_id', 'id'),
				time: same('create_time'),
				pinned: same('is_top'),
				triggerEvent: {
					value: 'newArticleComment',
					name: 'New Article Comment',
					description: 'Someone comments on an article',
				},
			},
			pagination: {
				// Older genuine answers name the list `elected_comment`.
				records: { raw: ['data.comments', 'data.elected_comment'], parsed: ['data.comments'] },
				cursors: [{ field: 'buffer', from: same('data.buffer'), initial: '' }],
				more: same('data.has_more'),
				// The spec: buffer is the empty string on the last page (sending it again would fetch page one).
				ends: [{ at: same('data.buffer'), equals: '' }],
			},
			fields: [
				articleUrlField,
				{
					displayName: 'Buffer',
					name: 'buffer',
					type: 'string',
					default: '',
					paging: true,
					description: 'Cursor: empty for the first page, then the buffer of the previous answer',
				},
			],
		}),
		endpoint({
			name: 'fetch_mp_article_list',
			family: 'articlesWeb',
			// The upstream web endpoint takes no `raw`: its answer is the account's history answer itself.
			raw: false,
			mentions: 'accountArticle',
			displayName: 'Get Account Article List',
			description:
				"An official account's published messages, newest first, each with its lead article",
			newestFirst: {
				order: {},
				id: same('comm_msg_info.id', 'id'),
				time: same('comm_msg_info.datetime', 'datetime'),
				triggerEvent: {
					value: 'newAccountArticle',
					name: 'New Article by an Official Account',
					description: 'An official account publishes (its article list, newest first)',
				},
			},
			// The account's history answer: the list is JSON text in `general_msg_list`, `next_offset` the
			// next page's offset, `can_msg_continue` 1 while more exist. Another variant is reported to
			// carry `offset.Offset` and `offset.IsEnd` (1 on the last page).
			pagination: {
				records: same('data.general_msg_list.list'),
				cursors: [
					{ field: 'offset', from: same('data.next_offset', 'data.offset.Offset'), initial: '' },
				],
				more: same('data.can_msg_continue'),
				moreWhileRecords: true,
				ends: [{ at: same('data.offset.IsEnd'), equals: 1 }],
			},
			fields: [
				{
					displayName: 'GH ID',
					name: 'ghid',
					type: 'string',
					default: '',
					required: true,
					pattern: '^gh_[0-9a-f]+$',
					patternHint: 'an account id of the form gh_<hex>',
					placeholder: 'gh_0123456789ab',
					description: 'Original ID of the official account, gh_ and hexadecimal characters',
				},
				{
					displayName: 'Offset',
					name: 'offset',
					type: 'string',
					default: '',
					paging: true,
					description:
						'Position in the list: empty on the first page, then the next offset of the previous answer',
				},
			],
			source: {
				reference:
					'github TikHub/TikHub-API-Python-SDK @ 2d92927, spec/openapi.json, fetch_mp_article_list_api_v1_wechat_mp_web_fetch_mp_article_list_get',
				answers:
					'no capture of the TikHub endpoint; the account history answer (profile_ext getmsg) it forwards: simulator/recorded/articles/fetch_mp_article_list.profile_ext-2020.json',
			},
		}),
		endpoint({
			name: 'fetch_comment_replies',
			displayName: 'Get Comment Replies',
			description:
				'Second-level replies of an article comment. Further parameters of the endpoint go in Additional Input (JSON)',
			freeFormInput: true,
			fields: [
				{
					displayName: 'Content ID',
					name: 'content_id',
					type: 'string',
					default: '',
					required: true,
					bigId: true,
					pattern: '^[0-9]+$',
					patternHint: 'digits only',
					description: "The comment's content_id",
				},
			],
		}),
	],
};
