import { ENDPOINTS, findEndpoint } from '../../../nodes/SocialData/descriptor';
import type { Simulator } from '../../../simulator';
import { DEFAULT_TOTALS } from '../../../simulator';
import { operationParameters, runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 4 });

const paginated = ENDPOINTS.filter((endpoint) => endpoint.pagination);

/** Records a whole walk outputs where that is not the one list total of DEFAULT_TOTALS. */
const walkedRecords: Record<string, () => number> = {
	// The general search's first page holds a card among the posts.
	fetch_general_search_v1: () => sim.dataset.douyinSearch(sim.dataset.ids.keyword).length + 1,
	fetch_video_search_v1: () => sim.dataset.douyinVideoSearch(sim.dataset.ids.keyword).length,
};

describe('Social Data: Return All walks every paginated operation to its end', () => {
	it.each(
		paginated.flatMap((endpoint) =>
			(endpoint.raw ? [true, false] : [true]).map(
				(raw) => [endpoint.group, endpoint.name, raw] as const,
			),
		),
	)('%s › %s (raw=%s)', async (resource, operation, raw) => {
		const base = operationParameters(sim.dataset.ids, resource, operation);
		const endpoint = findEndpoint(operation, resource)!;
		const options = { ...((base.options as object) ?? {}), ...(endpoint.raw ? { raw } : {}) };
		const { items, error, hints } = await runSocialData(sim, {
			resource,
			operation,
			...base,
			returnAll: true,
			options,
		});
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items).toHaveLength(
			walkedRecords[operation]?.() ??
				DEFAULT_TOTALS[`${resource}/${operation}`] ??
				DEFAULT_TOTALS[operation],
		);
		const pages = sim.requests.filter((request) => request.path === '/api/v1/run');
		expect(pages.length).toBeGreaterThan(1);
		expect(sim.ledger.billedCalls()).toBe(pages.length);
		expect(pages.every((page) => page.status === 200)).toBe(true);
	});

	it('Limit stops in the middle of a page and sends no further call', async () => {
		const { items } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'get_note_comments',
			note_id: sim.dataset.ids.noteId,
			share_text: '',
			returnAll: false,
			limit: 13,
		});
		expect(items).toHaveLength(13);
		expect(sim.requests.filter((request) => request.path === '/api/v1/run')).toHaveLength(
			Math.ceil(13 / 4),
		);
	});

	it('sends the same sort and publish_time on every search page', async () => {
		await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search',
			keyword: sim.dataset.ids.keyword,
			returnAll: true,
			options: { sort: 'latest', publish_time: 'week', raw: false },
		});
		const inputs = sim.requests
			.filter((r) => r.path === '/api/v1/run')
			.map((r) => JSON.parse(r.bodyText).input);
		expect(inputs.length).toBeGreaterThan(1);
		expect(inputs[0].cursor).toBe('');
		for (const input of inputs)
			expect(input).toMatchObject({ sort: 'latest', publish_time: 'week' });
		expect(new Set(inputs.map((input) => input.cursor)).size).toBe(inputs.length);
	});

	it('outputs one item per page with the whole answer when "One Item per Record" is off', async () => {
		const { items } = await runSocialData(sim, {
			resource: 'articles',
			operation: 'fetch_article_comments',
			url: sim.dataset.ids.articleUrl,
			returnAll: true,
			options: { splitRecords: false },
		});
		const calls = sim.requests.filter((r) => r.path === '/api/v1/run').length;
		expect(items).toHaveLength(calls);
		expect(
			items.reduce(
				(sum, item) => sum + (item.json.data as { comments: unknown[] }).comments.length,
				0,
			),
		).toBe(DEFAULT_TOTALS.fetch_article_comments);
	});

	it('stops at the page bound and says so', async () => {
		const { items, hints } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_user_post_videos',
			sec_user_id: sim.dataset.ids.secUserId,
			returnAll: true,
			options: { maxPages: 2 },
		});
		expect(sim.requests.filter((r) => r.path === '/api/v1/run')).toHaveLength(2);
		expect(items.length).toBeLessThan(DEFAULT_TOTALS.fetch_user_post_videos);
		expect(hints.join(' ')).toMatch(/stopped after 2 pages.*Max Pages/);
	});
});
