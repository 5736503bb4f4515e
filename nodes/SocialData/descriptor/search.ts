import type {
	AllowedValue,
	FieldDescriptor,
	GroupDescriptor,
	NewestFirstDescriptor,
	PaginationDescriptor,
	TriggerEventDescriptor,
} from './types';
import { endpointsOf, keywordField, same, SEARCH_HIT_ID } from './commonFields';

const sortValues: AllowedValue[] = [
	{ value: 'default', name: 'Relevance', alias: 0 },
	{ value: 'latest', name: 'Newest', alias: 1 },
	{ value: 'hot', name: 'Most Liked', alias: 2 },
];

const publishTimeValues: AllowedValue[] = [
	{ value: 'all', name: 'Any Time', alias: 0 },
	{ value: 'day', name: 'Last Day', alias: 1 },
	{ value: 'week', name: 'Last Week', alias: 2 },
	{ value: 'half_year', name: 'Last Half Year', alias: 3 },
];

const durationValues: AllowedValue[] = [
	{ value: 'all', name: 'Any Length', alias: 0 },
	{ value: 'short', name: 'Under 5 Minutes', alias: 1 },
	{ value: 'medium', name: '5 to 10 Minutes', alias: 2 },
	{ value: 'long', name: '20 Minutes and Over', alias: 3 },
];

const businessTypes = [
	'all',
	'account',
	'article',
	'video',
	'live_stream',
	'moments',
	'news',
	'book',
	'listen',
	'image',
	'encyclopedia',
	'platform_index',
];

const titleCase = (value: string) =>
	value
		.split('_')
		.map((w) => w[0].toUpperCase() + w.slice(1))
		.join(' ');

const pagingFields: FieldDescriptor[] = [
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'string',
		default: 'default',
		allowed: sortValues,
		description: 'Order; the same value is sent on every page',
	},
	{
		displayName: 'Publish Time',
		name: 'publish_time',
		type: 'string',
		default: 'all',
		allowed: publishTimeValues,
		description: 'Publication window; the same value is sent on every page',
	},
	{
		displayName: 'Offset',
		name: 'offset',
		type: 'integer',
		default: 0,
		minimum: 0,
		paging: true,
		description: 'Informational only: an offset without a cursor returns the first page again',
	},
	{
		displayName: 'Cursor',
		name: 'cursor',
		type: 'string',
		default: '',
		paging: true,
		description:
			'Cursor of the previous answer; empty for the first page. Keep Sort and Publish Time the same on every page.',
	},
];

/** Hits sit in items[] (raw=false) or in the boxes and sub-boxes of results.data (raw=true). */
const searchPagination: PaginationDescriptor = {
	records: {
		raw: ['data.results.data.*.items.*', 'data.results.data.*.subBoxes.*.items.*'],
		parsed: ['data.items'],
	},
	cursors: [
		{ field: 'cursor', from: { raw: ['data.cursor'], parsed: ['data.cursor'] }, initial: '' },
	],
	more: { raw: ['data.continue_flag'], parsed: ['data.continue_flag'] },
};

/** Hits newest first; `dateTime` may be display text ("4年前") where `pubTime` holds the epoch. */
const latestHits = (triggerEvent: TriggerEventDescriptor): NewestFirstDescriptor => ({
	order: { sort: 'latest' },
	id: SEARCH_HIT_ID,
	time: same('pubTime', 'dateTime', 'date_time'),
	searchIndex: true,
	triggerEvent,
});

const endpoint = endpointsOf('search', { raw: true });

export const search: GroupDescriptor = {
	key: 'search',
	displayName: 'Search (WeChat Search)',
	description:
		"Search across the messaging platform's verticals: accounts, articles, channel videos, lives, news and more",
	endpoints: [
		endpoint({
			name: 'fetch_search',
			mentions: 'searchHit',
			displayName: 'Search',
			description: 'Search every vertical or one of them (accounts, articles, videos, …)',
			newestFirst: latestHits({
				value: 'newSearchResult',
				name: 'New Search Result',
				description:
					'A new article, account, video or other hit for the keyword (cross-vertical search, newest first)',
			}),
			pagination: searchPagination,
			fields: [
				keywordField,
				{
					displayName: 'Business Type',
					name: 'business_type',
					type: 'string',
					default: 'all',
					allowed: businessTypes.map((value) => ({ value, name: titleCase(value) })),
					description: 'Vertical to search; "account" finds accounts',
				},
				...pagingFields,
			],
		}),
		endpoint({
			name: 'fetch_search_videos',
			mentions: 'videoSearchHit',
			displayName: 'Search Videos',
			description: 'Search videos, optionally by length',
			newestFirst: latestHits({
				value: 'newVideoSearchResult',
				name: 'New Video Search Result',
				description: 'A new video for the keyword (video search, newest first)',
			}),
			pagination: searchPagination,
			fields: [
				keywordField,
				{
					displayName: 'Duration',
					name: 'duration',
					type: 'string',
					default: 'all',
					allowed: durationValues,
					description: 'Video length; the same value is sent on every page',
				},
				...pagingFields,
			],
		}),
	],
};
