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
