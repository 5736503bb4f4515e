import type {
	EndpointDescriptor,
	EndpointSource,
	FieldDescriptor,
	NewestFirstDescriptor,
	PaginationDescriptor,
	TriggerEventDescriptor,
} from './types';
import { endpointsOf, keywordField, same } from './commonFields';

/**
 * Douyin keyword search on the upstream's `/api/v1/douyin/search/` family (the app search; the web
 * search endpoints are deprecated upstream). Names and parameters: TikHub's OpenAPI spec.
 */

const OPENAPI = 'TikHub OpenAPI (github TikHub/TikHub-API-Python-SDK @ 2d92927, spec/openapi.json)';

const filterFields: FieldDescriptor[] = [
	{
		displayName: 'Sort Type',
		name: 'sort_type',
		type: 'string',
		default: '0',
		allowed: [
			{ value: '0', name: 'Comprehensive' },
			{ value: '1', name: 'Most Likes' },
			{ value: '2', name: 'Latest' },
		],
		description: 'Order; the same value is sent on every page',
	},
	{
		displayName: 'Publish Time',
		name: 'publish_time',
		type: 'string',
		default: '0',
		allowed: [
			{ value: '0', name: 'Any Time' },
			{ value: '1', name: 'Last Day' },
			{ value: '7', name: 'Last Week' },
			{ value: '180', name: 'Last Half Year' },
		],
		description: 'Publication window; the same value is sent on every page',
	},
	{
		displayName: 'Filter Duration',
		name: 'filter_duration',
		type: 'string',
		default: '0',
		allowed: [
			{ value: '0', name: 'Any Length' },
			{ value: '0-1', name: 'Under 1 Minute' },
			{ value: '1-5', name: '1 to 5 Minutes' },
			{ value: '5-10000', name: 'Over 5 Minutes' },
		],
		description: 'Video length; the same value is sent on every page',
	},
	{
		displayName: 'Content Type',
		name: 'content_type',
		type: 'string',
		default: '0',
		allowed: [
			{ value: '0', name: 'All' },
			{ value: '1', name: 'Video' },
			{ value: '2', name: 'Picture' },
			{ value: '3', name: 'Article' },
		],
		description: 'Kind of post; the same value is sent on every page',
	},
];

const pagingFields: FieldDescriptor[] = [
	{
		displayName: 'Cursor',
		name: 'cursor',
		type: 'integer',
		default: 0,
		minimum: 0,
		paging: true,
		description: 'Offset cursor: 0 on the first page, then the cursor of the previous answer',
	},
	{
		displayName: 'Search ID',
		name: 'search_id',
		type: 'string',
		default: '',
		paging: true,
		description:
			"Empty on the first page, then the previous answer's extra.logid (or log_pb.impr_id)",
	},
	{
		displayName: 'Backtrace',
		name: 'backtrace',
		type: 'string',
		default: '',
		paging: true,
		description: 'Empty on the first page, then the backtrace of the previous answer',
	},
];

/**
 * Hits sit in `data[]` as `{type, aweme_info}` (cards without `aweme_info` among them); some
 * deployments answer the video search with bare aweme records in `aweme_list[]`. A later page sends
 * the previous answer's cursor, backtrace and log id; `has_more` 0/1 ends the walk.
 */
const searchPagination: PaginationDescriptor = {
	records: same('data.data', 'data.aweme_list'),
	cursors: [
		{ field: 'cursor', from: same('data.cursor'), initial: 0 },
		{ field: 'search_id', from: same('data.extra.logid', 'data.log_pb.impr_id'), initial: '' },
		{ field: 'backtrace', from: same('data.backtrace'), initial: '' },
	],
	more: same('data.has_more'),
};

/** Hits newest first (sort_type 2); a search index lists some posts late, so the Look-Back Margin applies. */
const latestHits = (triggerEvent: TriggerEventDescriptor): NewestFirstDescriptor => ({
	order: { sort_type: '2' },
	id: same('aweme_info.aweme_id', 'aweme_id'),
	time: same('aweme_info.create_time', 'create_time'),
	idRequired: true,
	searchIndex: true,
	triggerEvent,
});

const source = (operation: string, answers: string): EndpointSource => ({
	reference: `${OPENAPI}, POST /api/v1/douyin/search/${operation}`,
	answers,
});

const endpoint = endpointsOf('shortVideo', { family: 'shortVideoSearch' });

export const douyinSearch: EndpointDescriptor[] = [
	endpoint({
		name: 'fetch_general_search_v1',
		displayName: 'Search',
		description: "Keyword search of the app's general search tab: videos and image posts",
		mentions: 'douyinVideo',
		newestFirst: latestHits({
			value: 'newDouyinSearchResult',
			name: 'New Douyin Search Result',
			description: 'A new video or image post for the keyword (Douyin general search, latest)',
		}),
		pagination: searchPagination,
		fields: [keywordField, ...filterFields, ...pagingFields],
		source: source(
			'fetch_general_search_v1',
			'genuine TikHub capture: github alingowangxr/ideasseek-ai @ 5b03b11, douyin-app-doc/Douyin-Search-API.md (simulator/recorded/shortVideo/fetch_general_search_v1.json)',
		),
	}),
	endpoint({
		name: 'fetch_video_search_v1',
		displayName: 'Search Videos',
		description: 'Keyword search of videos only',
		mentions: 'douyinVideo',
		newestFirst: latestHits({
			value: 'newDouyinVideoSearchResult',
			name: 'New Douyin Video Search Result',
			description: 'A new video for the keyword (Douyin video search, latest)',
		}),
		pagination: searchPagination,
		fields: [keywordField, ...filterFields, ...pagingFields],
		source: source(
			'fetch_video_search_v1',
			"no capture found; the OpenAPI text lists the general search's fields (status_code, cursor, has_more, data[]{type, aweme_info}, extra.logid), so the general-search capture's shape is used (simulator/recorded/README.md)",
		),
	}),
];
