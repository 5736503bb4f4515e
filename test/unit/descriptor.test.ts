import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GroupKey } from '../../nodes/SocialData/descriptor';
import { endpointPath, ENDPOINTS, findEndpoint, GROUPS } from '../../nodes/SocialData/descriptor';
import { DATA_PATH_PREFIXES } from '../../nodes/shared/transport/wireNames';
import { endpointDocs, withOperationsTable } from '../../scripts/endpointDocs';

/** Every data endpoint of the spec with the input fields it names (the spec's Endpoints tables). */
const SPEC: Record<string, Record<string, string[]>> = {
	shortVideo: {
		fetch_one_video: ['aweme_id', 'need_anchor_info'],
		fetch_one_video_v2: ['aweme_id'],
		fetch_one_video_by_share_url: ['share_url'],
		fetch_video_high_quality_play_url: ['aweme_id', 'share_url', 'region'],
		fetch_multi_video_high_quality_play_url: ['aweme_ids'],
		fetch_multi_video: ['aweme_ids'],
		fetch_one_video_danmaku: ['item_id', 'duration', 'start_time', 'end_time'],
		fetch_home_feed: ['count', 'refresh_index', 'cookie'],
		fetch_related_posts: ['aweme_id', 'refresh_index', 'count'],
		fetch_user_post_videos: ['sec_user_id', 'max_cursor', 'count', 'filter_type', 'cookie'],
		fetch_user_like_videos: ['sec_user_id', 'max_cursor', 'count', 'cookie'],
		fetch_user_collection_videos: ['cookie', 'max_cursor', 'count'],
		fetch_user_collects: ['max_cursor', 'count', 'cookie'],
		fetch_user_collects_videos: ['collects_id', 'max_cursor', 'counts'],
		fetch_user_mix_videos: ['mix_id', 'max_cursor', 'counts'],
	},
	notes: {
		get_note_comments: ['note_id', 'share_text', 'cursor', 'index', 'pageArea', 'sort_strategy'],
		get_user_info: ['user_id', 'share_text'],
		search_notes: [
			'keyword',
			'page',
			'sort_type',
			'note_type',
			'time_filter',
			'search_id',
			'search_session_id',
			'source',
			'ai_mode',
		],
	},
	channels: {
		fetch_channel_info: ['username'],
		fetch_channel_id_to_username: ['channel_id'],
		fetch_user_videos: ['username', 'last_buffer'],
		fetch_video_detail: ['object_id', 'export_id', 'object_nonce_id', 'share_url'],
		fetch_video_comments: ['object_id', 'last_buffer', 'comment_id'],
		fetch_live_history: [],
		fetch_live_detail: ['live_id', 'scene', 'finder_username'],
		fetch_search_channel_videos: ['username', 'keyword'],
	},
	articles: {
		fetch_article_detail: ['url'],
		fetch_article_stats: ['url'],
		fetch_article_comments: ['url', 'buffer'],
		fetch_comment_replies: ['content_id'],
	},
	search: {
		fetch_search: ['keyword', 'business_type', 'sort', 'publish_time', 'offset', 'cursor'],
		fetch_search_videos: ['keyword', 'duration', 'sort', 'publish_time', 'offset', 'cursor'],
	},
};

/** Endpoints beyond the spec (notes and official-account lists): the parameters their public OpenAPI gives. */
const BEYOND_SPEC: Record<string, Record<string, string[]>> = {
	notes: {
		get_image_note_detail: ['note_id', 'share_text'],
		get_video_note_detail: ['note_id', 'share_text'],
		get_user_posted_notes: ['user_id', 'share_text', 'cursor'],
		get_note_sub_comments: ['note_id', 'share_text', 'comment_id', 'cursor', 'index'],
	},
	articles: {
		fetch_mp_article_list: ['ghid', 'offset'],
	},
};

const SEARCH_FIELDS = [
	'keyword',
	'cursor',
	'sort_type',
	'publish_time',
	'filter_duration',
	'content_type',
	'search_id',
	'backtrace',
];

/** Endpoints beyond the interface document, with the path family and fields their public reference gives. */
const BEYOND: Record<string, { family: string; fields: string[] }> = {
	fetch_general_search_v1: { family: 'shortVideoSearch', fields: SEARCH_FIELDS },
	fetch_video_search_v1: { family: 'shortVideoSearch', fields: SEARCH_FIELDS },
};

const PAGINATED = [
	'get_note_comments',
	'search_notes',
	'fetch_user_videos',
	'fetch_video_comments',
	'fetch_live_history',
	'fetch_article_comments',
	'fetch_search',
	'fetch_search_videos',
	'fetch_user_post_videos',
	'fetch_user_like_videos',
	'fetch_user_collection_videos',
	'fetch_user_collects',
	'fetch_user_collects_videos',
	'fetch_user_mix_videos',
	'fetch_related_posts',
	'fetch_home_feed',
];

describe('endpoint descriptor', () => {
	it('has the 32 data endpoints of the spec in their groups; every other one names its public source', () => {
		const ofSpec = ENDPOINTS.filter((endpoint) => !endpoint.source);
		expect(ofSpec).toHaveLength(32);
		for (const group of GROUPS) {
			expect(
				group.endpoints
					.filter((endpoint) => !endpoint.source)
					.map((endpoint) => endpoint.name)
					.sort(),
			).toEqual(Object.keys(SPEC[group.key]).sort());
			for (const endpoint of group.endpoints) {
				const family = endpoint.family ?? group.key;
				expect(endpointPath(endpoint)).toBe(DATA_PATH_PREFIXES[family].upstream + endpoint.name);
				expect(endpointPath(endpoint, 'neutral')).toBe(
					DATA_PATH_PREFIXES[family].neutral + endpoint.name,
				);
			}
		}
		for (const endpoint of ENDPOINTS.filter((one) => one.source)) {
			expect(endpoint.source!.reference).not.toHaveLength(0);
			expect(endpoint.source!.answers).not.toHaveLength(0);
		}
	});

	it('lists the Douyin searches beyond the document on their path family, with its reference and answer source', () => {
		for (const [name, { family, fields }] of Object.entries(BEYOND)) {
			const endpoint = findEndpoint(name, 'shortVideo')!;
			expect(endpoint.family).toBe(family);
			expect(endpoint.pagination?.cursors?.map((carry) => carry.field)).toEqual([
				'cursor',
				'search_id',
				'backtrace',
			]);
			expect(endpointPath(endpoint)).toBe(
				DATA_PATH_PREFIXES[family as keyof typeof DATA_PATH_PREFIXES].upstream + endpoint.name,
			);
			expect(endpoint.fields.map((field) => field.name).sort()).toEqual([...fields].sort());
			expect(endpoint.source!.reference).toMatch(/TikHub|github/);
			expect(endpoint.source!.answers.length).toBeGreaterThan(20);
		}
	});

	it('finds an endpoint by group and name: names are unique only within a group', () => {
		const douyin = findEndpoint('fetch_video_comments', 'shortVideo')!;
		const channel = findEndpoint('fetch_video_comments', 'channels')!;
		expect(endpointPath(douyin)).toBe('/api/v1/douyin/web/fetch_video_comments');
		expect(endpointPath(channel)).toBe('/api/v1/wechat_channels/v2/fetch_video_comments');
		expect(douyin.fields.map((field) => field.name)).toEqual(['aweme_id', 'cursor', 'count']);
		expect(findEndpoint('fetch_video_comments')).toBeUndefined();
		expect(findEndpoint('fetch_video_comments', 'notes')).toBeUndefined();
		const keys = ENDPOINTS.map((endpoint) => `${endpoint.group}/${endpoint.name}`);
		expect(new Set(keys).size).toBe(keys.length);
	});

	it.each(
		Object.entries(SPEC).flatMap(([group, endpoints]) =>
			Object.entries(endpoints).map(([name, fields]) => [group, name, fields] as const),
		),
	)('%s › %s has every field the spec names', (group, name, fields) => {
		const names = findEndpoint(name, group as GroupKey)!.fields.map((field) => field.name);
		expect(names).toEqual(expect.arrayContaining(fields));
	});

	it.each(
		Object.entries(BEYOND_SPEC).flatMap(([group, endpoints]) =>
			Object.entries(endpoints).map(([name, fields]) => [group, name, fields] as const),
		),
	)('%s › %s has the fields its public reference names, and cites it', (group, name, fields) => {
		const endpoint = findEndpoint(name, group as GroupKey)!;
		expect(endpoint.fields.map((field) => field.name)).toEqual(fields);
		expect(endpoint.source!.reference).toContain(`spec/openapi.json, ${name}_api_`);
	});

	it('offers raw exactly on the channel, article and search endpoints of the spec', () => {
		for (const endpoint of ENDPOINTS.filter((candidate) => !candidate.source)) {
			expect(Boolean(endpoint.raw)).toBe(
				['channels', 'articles', 'search'].includes(endpoint.group),
			);
		}
	});

	it('paginates exactly the cursor-paginated endpoints', () => {
		expect(
			ENDPOINTS.filter((endpoint) => endpoint.pagination && !endpoint.source)
				.map((endpoint) => endpoint.name)
				.sort(),
		).toEqual([...PAGINATED].sort());
	});

	it('never lets a channel or article call time out under 30 s', () => {
		for (const endpoint of ENDPOINTS.filter(
			(e) => e.group === 'channels' || e.group === 'articles',
		)) {
			expect(endpoint.minTimeoutMs).toBeGreaterThanOrEqual(30_000);
			expect(endpoint.timeoutMs).toBeGreaterThanOrEqual(30_000);
		}
	});

	it('carries the rules of the spec', () => {
		const field = (endpoint: string, name: string) =>
			findEndpoint(endpoint)!.fields.find((f) => f.name === name)!;
		const douyin = (endpoint: string, name: string) =>
			findEndpoint(endpoint, 'shortVideo')!.fields.find((f) => f.name === name)!;
		expect(douyin('fetch_video_comments', 'aweme_id')).toMatchObject({
			required: true,
			bigId: true,
			pattern: '^[0-9]{19}$',
		});
		expect(douyin('fetch_video_comments', 'count').default).toBe(20);
		expect(douyin('fetch_video_comment_replies', 'cursor')).toMatchObject({
			default: 0,
			paging: true,
		});
		expect(findEndpoint('fetch_hot_search_result')!.fields).toEqual([]);
		expect(field('fetch_search', 'keyword').trimmedLength).toEqual({ min: 1, max: 100 });
		expect(field('fetch_search_channel_videos', 'keyword').trimmedLength).toEqual({
			min: 1,
			max: 100,
		});
		expect(field('fetch_search', 'business_type').allowed!.map((v) => v.value)).toHaveLength(12);
		expect(field('fetch_search', 'sort').allowed!.map((v) => [v.value, v.alias])).toEqual([
			['default', 0],
			['latest', 1],
			['hot', 2],
		]);
		expect(field('fetch_search_videos', 'duration').allowed!.map((v) => v.alias)).toEqual([
			0, 1, 2, 3,
		]);
		expect(field('fetch_video_detail', 'export_id').prefix).toBe('export/');
		expect(field('fetch_channel_id_to_username', 'channel_id').prefix).toBe('sph');
		expect(field('fetch_multi_video', 'aweme_ids').maxItems).toBe(50);
		expect(field('fetch_multi_video_high_quality_play_url', 'aweme_ids').listFormat).toBe('comma');
		expect(
			['object_id', 'export_id', 'share_url'].map((n) => field('fetch_video_detail', n).oneOf),
		).toEqual(['video', 'video', 'video']);
		expect(['note_id', 'share_text'].map((n) => field('get_note_comments', n).oneOf)).toEqual([
			'note',
			'note',
		]);
		expect(findEndpoint('fetch_one_video')!.fallback).toBe('fetch_one_video_v2');
		expect(findEndpoint('fetch_multi_video_high_quality_play_url')!.price.billedMinimumIds).toBe(
			50,
		);
		expect(findEndpoint('fetch_live_history')!.freeFormInput).toBe(true);
		expect(findEndpoint('fetch_comment_replies')!.freeFormInput).toBe(true);
	});

	it('docs/endpoints.md is up to date with the descriptor (run `npm run docs`)', () => {
		const committed = readFileSync(join(__dirname, '../../docs/endpoints.md'), 'utf8');
		expect(committed).toBe(endpointDocs());
	});

	it('the README lists every operation as the descriptor has them (run `npm run docs`)', () => {
		const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
		expect(readme).toBe(withOperationsTable(readme));
		for (const endpoint of ENDPOINTS) expect(readme).toContain(`\`${endpoint.name}\``);
	});
});
