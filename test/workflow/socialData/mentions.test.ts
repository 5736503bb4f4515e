import type { IDataObject } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started));

const MENTION_FIELDS = [
	'platform',
	'kind',
	'id',
	'postId',
	'url',
	'title',
	'text',
	'author',
	'publishedAt',
	'likes',
	'comments',
	'shares',
	'reads',
	'openInApp',
	'source',
];

describe('Social Data: normalised mentions', () => {
	it.each([
		['notes', 'search_notes', {}, 'notes'],
		['search', 'fetch_search', { business_type: 'article', raw: false }, 'articles'],
		['search', 'fetch_search', { business_type: 'article', raw: true }, 'articles'],
		['search', 'fetch_search_videos', { raw: false }, 'channels'],
		['search', 'fetch_search_videos', { raw: true }, 'channels'],
		['shortVideo', 'fetch_video_search_v1', {}, 'douyin'],
	] as const)(
		'%s › %s %j gives one common record per hit',
		async (resource, operation, options, platform) => {
			const { items, error } = await runSocialData(sim, {
				resource,
				operation,
				keyword: sim.dataset.ids.keyword,
				returnAll: false,
				limit: 12,
				options: { ...options, mentions: true },
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(12);
			for (const { json } of items) {
				expect(Object.keys(json).sort()).toEqual([...MENTION_FIELDS].sort());
				expect(json.platform).toBe(platform);
				expect(json.kind).toBe('post');
				expect(json.postId).toBeNull();
				expect(typeof json.id).toBe('string');
				expect(json.id).not.toBe('');
				expect(json.title).not.toMatch(/<[^>]+>/);
				expect(String(json.title).toLowerCase()).toContain(sim.dataset.ids.keyword);
				expect(json.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
				expect(typeof json.likes).toBe('number');
				expect(json.source).toEqual(expect.any(Object));
				// Genuine search hits name no vertical: the platform comes from the request.
				if (resource === 'search') expect(json.source).not.toHaveProperty('type');
			}
			if (platform === 'articles') {
				for (const { json } of items) {
					expect(json.url).toMatch(/^https:\/\//);
					expect(typeof json.reads).toBe('number');
					expect(BigInt(json.id as string) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
				}
			}
			if (platform === 'notes') for (const { json } of items) expect(json.reads).toBeNull();
		},
	);

	it('fetch_search_videos (raw): an account name with the keyword marked in source.title is a clean author', async () => {
		const { keyword } = sim.dataset.ids;
		const { items, error } = await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword,
			returnAll: false,
			limit: 10,
			options: { raw: true, mentions: true },
		});
		expect(error).toBeUndefined();
		// The hit as the service gave it (the mention's `source`), and the account name in it.
		const hitOf = (json: IDataObject) => json.source as IDataObject;
		const accountName = (json: IDataObject) => String((hitOf(json).source as IDataObject).title);
		const marked = items.filter(({ json }) => accountName(json).includes('<em class="highlight">'));
		expect(marked.length).toBeGreaterThan(0);
		for (const { json } of marked) expect(json.author).toMatch(new RegExp(`^${keyword} \\S+$`));
		for (const { json } of items) {
			expect(json.author).not.toMatch(/<[^>]+>/);
			expect(json.author).toBe(hitOf(json).nickName);
		}
	});

	it('fetch_search_channel_videos gives mentions from its one page', async () => {
		const { items } = await runSocialData(sim, {
			resource: 'channels',
			operation: 'fetch_search_channel_videos',
			username: sim.dataset.ids.finderUsername,
			keyword: sim.dataset.ids.keyword,
			options: { raw: false, mentions: true },
		});
		expect(items.length).toBeGreaterThan(0);
		for (const { json } of items) {
			expect(json.platform).toBe('channels');
			expect(typeof json.id).toBe('string');
			expect(json.title).not.toMatch(/<[^>]+>/);
		}
	});
});
