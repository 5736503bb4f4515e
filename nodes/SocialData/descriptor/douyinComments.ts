import type { EndpointDescriptor, FieldDescriptor, PaginationDescriptor } from './types';
import { awemeIdField, endpointsOf, same } from './commonFields';

/**
 * Douyin's comments, comment replies, hot list and user profile: upstream endpoints beyond the
 * interface document, on the group's own path family (`/api/v1/douyin/web/`).
 */

const endpoint = endpointsOf('shortVideo');

const OPENAPI = 'github TikHub/TikHub-API-Python-SDK @ 2d92927, spec/openapi.json';

const reference = (operation: string) => `${OPENAPI}, GET /api/v1/douyin/web/${operation}`;

/** Comment lists page by `cursor` (0 first, then the previous answer's) while `has_more` is 1. */
const byCommentCursor: PaginationDescriptor = {
	records: same('data.comments'),
	cursors: [{ field: 'cursor', from: same('data.cursor'), initial: 0 }],
	more: same('data.has_more'),
};

const cursorField: FieldDescriptor = {
	displayName: 'Cursor',
	name: 'cursor',
	type: 'integer',
	default: 0,
	minimum: 0,
	paging: true,
	description: 'Cursor: 0 on the first page, then the cursor of the previous answer',
};

const countField: FieldDescriptor = {
	displayName: 'Count',
	name: 'count',
	type: 'integer',
	default: 20,
	minimum: 1,
	description: 'Comments per page',
};

const videoId = (name: 'aweme_id' | 'item_id'): FieldDescriptor => ({
	...awemeIdField,
	name,
	displayName: name === 'aweme_id' ? 'Aweme ID' : 'Item ID',
	pattern: '^[0-9]{19}$',
	patternHint: 'the 19-digit video id',
	description:
		name === 'aweme_id'
			? 'ID of the video (aweme_id), 19 digits'
			: 'ID of the video the comment is under (its aweme_id), 19 digits',
});

/** Records of a comment list: `cid` names a comment, `create_time` is its epoch second. */
const COMMENT_ID = same('cid');

export const douyinComments: EndpointDescriptor[] = [
	endpoint({
		name: 'fetch_video_comments',
		displayName: 'Get Video Comments',
		description: "Comments of a video, in Douyin's own order (most liked first, not newest first)",
		mentions: 'douyinComment',
		popularFirst: {
			id: COMMENT_ID,
			time: same('create_time'),
			total: same('data.total'),
			triggerEvent: {
				value: 'newDouyinComment',
				name: 'New Douyin Comment',
				description: 'Someone comments on a Douyin video',
			},
		},
		pagination: byCommentCursor,
		fields: [videoId('aweme_id'), cursorField, countField],
		source: {
			reference: reference('fetch_video_comments'),
			answers:
				'simulator/recorded/README.md › shortVideo/fetch_video_comments (TikHub Swagger capture, alingowangxr/ideasseek-ai)',
		},
	}),
	endpoint({
		name: 'fetch_video_comment_replies',
		displayName: 'Get Comment Replies',
		description: 'Replies to one comment of a video',
		mentions: 'douyinComment',
		pagination: byCommentCursor,
		fields: [
			videoId('item_id'),
			{
				displayName: 'Comment ID',
				name: 'comment_id',
				type: 'string',
				default: '',
				required: true,
				bigId: true,
				pattern: '^[0-9]+$',
				patternHint: 'digits only',
				description: 'ID of the comment (its cid) whose replies to read',
			},
			cursorField,
			{ ...countField, description: 'Replies per page' },
		],
		source: {
			reference: reference('fetch_video_comment_replies'),
			answers:
				'simulator/recorded/README.md › shortVideo/fetch_video_comment_replies (app reply list, pengjinfu/douyin-api-1)',
		},
	}),
	endpoint({
		name: 'fetch_hot_search_result',
		displayName: 'Get Hot List',
		description: "Douyin's hot search list: one item per hot word, by rank",
		records: same('data.data.word_list'),
		fields: [],
		source: {
			reference: reference('fetch_hot_search_result'),
			answers:
				'simulator/recorded/README.md › shortVideo/fetch_hot_search_result (hot list, pengjinfu/douyin-api-1)',
		},
	}),
	endpoint({
		name: 'handler_user_profile',
		displayName: 'Get User Profile',
		description: "A user's profile: nickname, signature, followers, likes, posts",
		fields: [
			{
				displayName: 'Sec User ID',
				name: 'sec_user_id',
				type: 'string',
				default: '',
				required: true,
				pattern: '^\\S+$',
				patternHint: 'a sec_user_id without spaces',
				description: 'The sec_user_id of the account (MS4wLjABAAAA…)',
			},
		],
		source: {
			reference: reference('handler_user_profile'),
			answers:
				'simulator/recorded/README.md › shortVideo/handler_user_profile (app user info, pengjinfu/douyin-api-1)',
		},
	}),
];
