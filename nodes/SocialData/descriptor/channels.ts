import type { GroupDescriptor } from './types';
import {
	byLastBuffer,
	CHARGED_WITHOUT_ANSWER_DEFAULTS,
	endpointsOf,
	finderUsernameField,
	keywordField,
	lastBufferField,
	same,
	SEARCH_HIT_ID,
} from './commonFields';

const endpoint = endpointsOf('channels', CHARGED_WITHOUT_ANSWER_DEFAULTS);

const numericId = (name: string, displayName: string, description: string, extra = {}) => ({
	displayName,
	name,
	type: 'string' as const,
	default: '',
	bigId: true,
	pattern: '^[0-9]+$',
	patternHint: 'digits only',
	description,
	...extra,
});

export const channels: GroupDescriptor = {
	key: 'channels',
	displayName: 'Channels (WeChat Channels)',
	description:
		"Channels of the messaging platform (short videos and lives): creator info, their videos and lives, video comments, search in a creator's videos",
	endpoints: [
		endpoint({
			name: 'fetch_channel_info',
			displayName: 'Get Channel Info',
			description: 'Creator account profile: sections, channel ID, IP region, verification',
			fields: [finderUsernameField()],
		}),
		endpoint({
			name: 'fetch_channel_id_to_username',
			displayName: 'Get Username From Channel ID',
			description:
				'Resolve a public channel ID (sph…) to the finder username; a miss answers a null username and an error text',
			answerError: { path: 'data.username', equals: null, message: ['data.error'], billed: true },
			fields: [
				{
					displayName: 'Channel ID',
					name: 'channel_id',
					type: 'string',
					default: '',
					required: true,
					prefix: 'sph',
					description: 'Public short channel ID, starting with sph',
				},
			],
		}),
		endpoint({
			name: 'fetch_user_videos',
			displayName: 'Get User Videos',
			description: 'Videos of a creator account',
			newestFirst: {
				order: {},
				id: same('id'),
				time: { raw: ['createtime', 'create_time'], parsed: ['create_time'] },
				triggerEvent: {
					value: 'newChannelVideo',
					name: 'New Channel Video',
					description: 'A creator account publishes a video',
				},
			},
			// Genuine app answers say more with `continueFlag` alone; the spec names it `upContinueFlag`.
			pagination: byLastBuffer(
				{ raw: ['data.object'], parsed: ['data.videos'] },
				{ raw: ['data.continueFlag', 'data.upContinueFlag'], parsed: ['data.up_continue'] },
			),
			fields: [finderUsernameField(), lastBufferField],
		}),
		endpoint({
			name: 'fetch_video_detail',
			displayName: 'Get Video Detail',
			description: 'One channel video: counts, media (url + token, decode key) and author',
			fields: [
				numericId('object_id', 'Object ID', 'Numeric video ID (first priority)', {
					oneOf: 'video',
				}),
				{
					displayName: 'Export ID',
					name: 'export_id',
					type: 'string',
					default: '',
					oneOf: 'video',
					prefix: 'export/',
					description:
						'Export ID from search hits, starting with export/ (second priority; it expires, use promptly)',
				},
				{
					displayName: 'Share URL',
					name: 'share_url',
					type: 'string',
					default: '',
					oneOf: 'video',
					description: 'Short share link, used only when Object ID and Export ID are empty',
				},
				numericId('object_nonce_id', 'Object Nonce ID', 'Numeric nonce ID, improves the hit rate'),
			],
		}),
		endpoint({
			name: 'fetch_video_comments',
			displayName: 'Get Video Comments',
			description: 'Comments of a channel video, or the second-level replies of one comment',
			mentions: 'channelComment',
			newestFirst: {
				order: {},
				id: { raw: ['commentId', 'comment_id'], parsed: ['comment_id'] },
				time: { raw: ['createtime', 'create_time'], parsed: ['create_time'] },
				triggerEvent: {
					value: 'newVideoComment',
					name: 'New Channel Video Comment',
					description: 'Someone comments on a channel video',
				},
			},
			// The v1 variant's genuine answers name the list `comment_info` and carry no continue flag.
			pagination: {
				...byLastBuffer(
					{ raw: ['data.commentInfo', 'data.comment_info'], parsed: ['data.comments'] },
					{ raw: ['data.downContinueFlag'], parsed: ['data.down_continue'] },
				),
				moreWhileRecords: true,
			},
			fields: [
				numericId('object_id', 'Object ID', 'Numeric video ID', { required: true }),
				lastBufferField,
				numericId('comment_id', 'Comment ID', 'Expands the second-level replies of this comment'),
			],
		}),
		endpoint({
			name: 'fetch_live_history',
			displayName: 'Get Live History',
			description:
				'Past lives of a creator, page by page. Further parameters of the endpoint go in Additional Input (JSON)',
			freeFormInput: true,
			pagination: {
				...byLastBuffer(
					{ raw: ['data.object'], parsed: ['data.lives'] },
					{ raw: ['data.continueFlag'], parsed: ['data.continue_flag'] },
				),
				// The spec: total_count is 0 when the creator has no lives.
				ends: [{ at: { raw: ['data.totalCount'], parsed: ['data.total_count'] }, equals: 0 }],
			},
			fields: [finderUsernameField(), lastBufferField],
		}),
		endpoint({
			name: 'fetch_live_detail',
			displayName: 'Get Live Detail',
			description: 'One live room: status (1 = live, 2 = ended), audience, replay',
			fields: [
				numericId('live_id', 'Live ID', "Numeric live ID (from a replay's live_id)", {
					required: true,
				}),
				{
					displayName: 'Scene',
					name: 'scene',
					type: 'integer',
					default: 5,
					description: 'Scene code',
				},
				{
					...finderUsernameField(false),
					name: 'finder_username',
					displayName: 'Finder Username',
					description: 'Finder username of the anchor',
				},
			],
		}),
		endpoint({
			name: 'fetch_search_channel_videos',
			mentions: 'channelSearchHit',
			displayName: 'Search Channel Videos',
			description: 'Videos of one creator matching a keyword (first page only)',
			newestFirst: {
				order: {},
				id: SEARCH_HIT_ID,
				triggerEvent: {
					value: 'newChannelVideoSearchResult',
					name: 'New Channel Video Matching a Keyword',
					description:
						"A new video of one creator matching the keyword (first page of the creator's search only)",
				},
			},
			records: {
				raw: ['data.data.*.items.*', 'data.data.*.subBoxes.*.items.*'],
				parsed: ['data.items'],
			},
			fields: [finderUsernameField(), keywordField],
		}),
	],
};
