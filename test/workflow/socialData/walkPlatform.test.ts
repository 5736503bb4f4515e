import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// A walk's summary and a failed walk's error item name the platform of the list they read, the one
// its mentions carry: the brand collector stores it in its runs table, and Brand Report names a
// source's outages and cost by it without a table of endpoints.

let sim: Simulator;
useSimulator((started) => (sim = started));

type Source = [resource: string, operation: string, fields: IDataObject, options: IDataObject];

const SOURCES = (): Source[] => [
	['notes', 'search_notes', { keyword: sim.dataset.ids.keyword }, {}],
	['search', 'fetch_search', { keyword: sim.dataset.ids.keyword }, { business_type: 'article' }],
	['search', 'fetch_search_videos', { keyword: sim.dataset.ids.keyword }, {}],
	['shortVideo', 'fetch_general_search_v1', { keyword: sim.dataset.ids.keyword }, {}],
	['shortVideo', 'fetch_video_comments', { aweme_id: sim.dataset.ids.awemeId }, {}],
	['notes', 'get_note_comments', { note_id: sim.dataset.ids.noteId }, {}],
];

const walkOf = ([resource, operation, fields, options]: Source): INodeParameters => ({
	resource,
	operation,
	...fields,
	returnAll: true,
	options: { ...options, onlyNew: true, walkSummary: true, mentions: true, creditBudget: 1 },
});

describe('Social Data › Only New: the platform of the list walked', () => {
	it.each([0, 1, 2, 3, 4, 5])(
		'source %i: the walk summary names the platform its mentions carry',
		async (index) => {
			const source = SOURCES()[index];
			const { items, error } = await runSocialData(sim, walkOf(source));
			expect(error).toBeUndefined();
			const walk = items.find((item) => item.json.onlyNewWalk)?.json.onlyNewWalk as IDataObject;
			const mentions = items.filter((item) => !item.json.onlyNewWalk).map((item) => item.json);
			expect(mentions.length).toBeGreaterThan(0);
			expect(new Set(mentions.map((mention) => mention.platform))).toEqual(
				new Set([walk.platform]),
			);
		},
	);

	it('a failed walk’s error item names the platform too', async () => {
		const source = SOURCES()[1];
		sim.faults.queue({ endpoint: 'fetch_search', status: 500 });
		const { items, error } = await runSocialData(sim, walkOf(source), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ endpoint: 'fetch_search', platform: 'articles' });
	});

	it('Gateway › Run names no platform: its path is any endpoint', async () => {
		sim.faults.queue({ endpoint: 'fetch_search', status: 500 });
		const { items } = await runSocialData(
			sim,
			{
				resource: 'gateway',
				operation: 'run',
				endpointPath: '/api/v1/wechat_search/v2/fetch_search',
				input: JSON.stringify({ keyword: 'acme', business_type: 'article' }),
			},
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toBeDefined();
		expect(items[0].json).not.toHaveProperty('platform');
	});
});
