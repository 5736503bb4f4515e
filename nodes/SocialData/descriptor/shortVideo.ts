import type { GroupDescriptor, PaginationDescriptor } from './types';
import {
	awemeIdField,
	cookieField,
	countField,
	endpointsOf,
	maxCursorField,
	same,
} from './commonFields';
import { douyinComments } from './douyinComments';
import { douyinSearch } from './douyinSearch';

/** Video lists paged by max_cursor (0 first, then the previous answer's max_cursor). */
const byMaxCursor = (records = 'data.aweme_list'): PaginationDescriptor => ({
	records: same(records),
	cursors: [{ field: 'max_cursor', from: same('data.max_cursor'), initial: 0 }],
	more: same('data.has_more'),
});

/** Feeds paged by refresh_index (+1 per page). */
const byRefreshIndex = (start: number): PaginationDescriptor => ({
	records: same('data.aweme_list'),
	counter: { field: 'refresh_index', start },
	more: same('data.has_more'),
});

const endpoint = endpointsOf('shortVideo');

const secUserId = {
	displayName: 'Sec User ID',
	name: 'sec_user_id',
	type: 'string' as const,
	default: '',
	required: true,
	description: 'The sec_user_id of the account',
};

export const shortVideo: GroupDescriptor = {
	key: 'shortVideo',
	displayName: 'Short Video (Douyin)',
	description:
		"Short-video platform: a video's data and high-quality play links, danmaku, feeds, a user's posts, likes and collections",
	endpoints: [
		endpoint({
			name: 'fetch_one_video',
			displayName: 'Get a Video',
			description: 'Video data of one video',
			fallback: 'fetch_one_video_v2',
			fields: [
				awemeIdField,
				{
					displayName: 'Need Anchor Info',
					name: 'need_anchor_info',
					type: 'boolean',
					default: false,
					description:
						'Whether to add anchor info such as location, merchant and product showcase; may slow the answer, turn off if the call errors',
				},
			],
		}),
		endpoint({
			name: 'fetch_one_video_v2',
			displayName: 'Get a Video (V2)',
			description: 'Video data of one video; the alternative when the first variant fails',
			fields: [awemeIdField],
		}),
		endpoint({
			name: 'fetch_one_video_by_share_url',
			displayName: 'Get a Video by Share URL',
			description:
				'Video data from a share link: higher video quality, fewer fields than the app variant',
			fields: [
				{
					displayName: 'Share URL',
					name: 'share_url',
					type: 'string',
					default: '',
					required: true,
					pattern: '^https?://',
					patternHint: 'an http(s) share link',
					description: 'Share link of the video',
				},
			],
		}),
		endpoint({
			name: 'fetch_video_high_quality_play_url',
			displayName: 'Get a High-Quality Play Link',
			description: 'Original-upload-quality play link and metadata (duration, size) of one video',
			price: { credits: 0.1, cash: 0.005 },
			fields: [
				{
					...awemeIdField,
					required: false,
					oneOf: 'video',
					description: 'ID of the short video (preferred)',
				},
				{
					displayName: 'Share URL',
					name: 'share_url',
					type: 'string',
					default: '',
					oneOf: 'video',
					pattern: '^https?://',
					patternHint: 'an http(s) share link',
					description: 'Share link, used when no Aweme ID is given',
				},
				{
					displayName: 'Region',
					name: 'region',
					type: 'string',
					default: '',
					pattern: '^[A-Za-z]{2}$',
					patternHint: 'a two-letter ISO country code such as CN, US or HK',
					description:
						"ISO country code (e.g. CN, US, HK) selecting the exit region for the CDN; the service's own exit address when empty",
				},
			],
		}),
		endpoint({
			name: 'fetch_multi_video_high_quality_play_url',
			displayName: 'Get High-Quality Play Links of Many Videos',
			description:
				'High-quality play links of many videos. Slow. Priced per call: a call with fewer than 50 videos is charged as 50, so ids are sent in calls of up to 50.',
			timeoutMs: 300_000,
			price: {
				credits: 0.1,
				cash: 0.5,
				billedMinimumIds: 50,
				note: '0.25 promotional, 0.5 regular; fewer than 50 videos charged as 50',
			},
			batch: {
				field: 'aweme_ids',
				maxPerCall: 50,
				results: 'data.videos',
				idField: 'video_id',
				outputKey: 'videos',
			},
			fields: [
				{
					displayName: 'Aweme IDs',
					name: 'aweme_ids',
					type: 'idList',
					default: '',
					listFormat: 'comma',
					required: true,
					maxItems: 50,
					bigId: true,
					description: 'Video IDs, comma-separated; more than 50 are sent in several calls of 50',
				},
			],
		}),
		endpoint({
			name: 'fetch_multi_video',
			displayName: 'Get Many Videos',
			description: 'Video data of many photo and video posts, up to 50 ids per call',
			price: { credits: 0.1, cash: 0.05, note: 'fixed per call, up to 50 ids' },
			batch: {
				field: 'aweme_ids',
				maxPerCall: 50,
				results: 'data.aweme_details',
				idField: 'aweme_id',
				outputKey: 'aweme_details',
			},
			fields: [
				{
					displayName: 'Aweme IDs',
					name: 'aweme_ids',
					type: 'idList',
					default: '',
					listFormat: 'array',
					required: true,
					maxItems: 50,
					bigId: true,
					description: 'Video IDs, comma-separated; more than 50 are sent in several calls of 50',
				},
			],
		}),
		endpoint({
			name: 'fetch_one_video_danmaku',
			displayName: 'Get Video Danmaku',
			description: 'Danmaku (overlay comments) of a video within a time range',
			fields: [
				{
					displayName: 'Item ID',
					name: 'item_id',
					type: 'string',
					default: '',
					required: true,
					bigId: true,
					description: 'ID of the video',
				},
				{
					displayName: 'Duration (Milliseconds)',
					name: 'duration',
					type: 'integer',
					default: 0,
					required: true,
					minimum: 0,
					description: 'Length of the video in milliseconds',
				},
				{
					displayName: 'Start Time (Milliseconds)',
					name: 'start_time',
					type: 'integer',
					default: 0,
					required: true,
					minimum: 0,
					description: 'Start of the range, in milliseconds from the beginning of the video',
				},
				{
					displayName: 'End Time (Milliseconds)',
					name: 'end_time',
					type: 'integer',
					default: 0,
					required: true,
					minimum: 0,
					description: 'End of the range, in milliseconds from the beginning of the video',
				},
			],
		}),
		endpoint({
			name: 'fetch_home_feed',
			displayName: 'Get Home Feed',
			description:
				'Recommended feed; personalised with your session cookie, otherwise a general feed',
			pagination: byRefreshIndex(0),
			fields: [
				countField('count', 10),
				{
					displayName: 'Refresh Index',
					name: 'refresh_index',
					type: 'integer',
					default: 0,
					minimum: 0,
					paging: true,
					description: 'Page of the feed: 0 refreshes it, then 1, 2, … for the next pages',
				},
				cookieField('Session cookie for a personalised feed'),
			],
		}),
		endpoint({
			name: 'fetch_related_posts',
			displayName: 'Get Related Posts',
			description: 'Posts related to a video',
			pagination: byRefreshIndex(1),
			fields: [
				awemeIdField,
				{
					displayName: 'Refresh Index',
					name: 'refresh_index',
					type: 'integer',
					default: 1,
					minimum: 1,
					paging: true,
					description: 'Page to fetch, from 1',
				},
				countField('count', 20),
			],
		}),
		endpoint({
			name: 'fetch_user_post_videos',
			displayName: 'Get User Posts',
			description:
				'Videos posted by a user (the app-side interface is preferred: this one may be unstable)',
			pagination: byMaxCursor(),
			fields: [
				secUserId,
				maxCursorField(),
				{ ...countField('count', 20), description: 'Records per page, recommended at most 20' },
				{
					displayName: 'Filter Type',
					name: 'filter_type',
					type: 'string',
					default: '0',
					allowed: [
						{ value: '0', name: 'Default Order' },
						{ value: '3', name: 'By Popularity' },
					],
					description: 'Order of the posts',
				},
				cookieField('Session cookie (optional)'),
			],
		}),
		endpoint({
			name: 'fetch_user_like_videos',
			displayName: 'Get User Liked Videos',
			description: 'Videos a user liked (needs your own session cookie)',
			pagination: byMaxCursor(),
			fields: [
				secUserId,
				cookieField('Your own session cookie', true),
				maxCursorField(),
				countField('count', 20),
			],
		}),
		endpoint({
			name: 'fetch_user_collection_videos',
			displayName: 'Get User Collection Videos',
			description: "Videos in the cookie owner's collection",
			pagination: byMaxCursor(),
			fields: [
				cookieField('Your own session cookie', true),
				maxCursorField(),
				countField('count', 20),
			],
		}),
		endpoint({
			name: 'fetch_user_collects',
			displayName: 'Get User Collection Folders',
			description: "The cookie owner's collection folders",
			pagination: byMaxCursor('data.collects_list'),
			fields: [
				cookieField('Your own session cookie', true),
				maxCursorField(),
				countField('count', 20),
			],
		}),
		endpoint({
			name: 'fetch_user_collects_videos',
			displayName: 'Get Collection Folder Videos',
			description: 'Videos of a collection folder',
			pagination: byMaxCursor(),
			fields: [
				{
					displayName: 'Collects ID',
					name: 'collects_id',
					type: 'string',
					default: '',
					required: true,
					bigId: true,
					description: 'ID of the collection folder',
				},
				maxCursorField('integer'),
				countField('counts', 20),
			],
		}),
		endpoint({
			name: 'fetch_user_mix_videos',
			displayName: 'Get Mix Videos',
			description: 'Videos of a mix (compilation)',
			pagination: byMaxCursor(),
			fields: [
				{
					displayName: 'Mix ID',
					name: 'mix_id',
					type: 'string',
					default: '',
					required: true,
					bigId: true,
					description: 'ID of the mix',
				},
				maxCursorField('integer'),
				countField('counts', 20),
			],
		}),
		...douyinComments,
		...douyinSearch,
	],
};
