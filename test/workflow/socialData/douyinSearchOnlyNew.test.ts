import type { IDataObject } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// Only New Since Last Run on Douyin search: across runs only new posts come out, each once, and a
// run pays only for the pages holding new ones plus the page that shows the boundary. The
// general search's card on the first page is passed over, never output as new.

const PAGE_SIZE = 4;
const KEYWORD = 'acme';

let sim: Simulator;
useSimulator((started) => (sim = started), {
	pageSize: PAGE_SIZE,
	totals: { fetch_general_search_v1: 10 },
	reset: 'never',
});

async function spike(count: number) {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		body: JSON.stringify({ list: `douyin-search:${KEYWORD}`, count }),
	});
	expect(answer.status).toBe(200);
}

describe.each([
	['fetch_general_search_v1', () => sim.dataset.douyinSearch(KEYWORD, { sort_type: '2' })],
	['fetch_video_search_v1', () => sim.dataset.douyinVideoSearch(KEYWORD, { sort_type: '2' })],
])('%s with Only New Since Last Run', (operation, newestFirst) => {
	const staticData: IDataObject = {};
	const reported: string[] = [];

	async function run() {
		const billedBefore = sim.ledger.billedCalls();
		const requestsBefore = sim.requests.length;
		const { items, error } = await runSocialData(
			sim,
			{
				resource: 'shortVideo',
				operation,
				keyword: KEYWORD,
				returnAll: true,
				// No look-back: the costs counted here are the walk's own.
				options: { onlyNew: true, mentions: true, walkSummary: true, lookBackMinutes: 0 },
			},
			{ staticData },
		);
		expect(error).toBeUndefined();
		const ids = items.filter((item) => !item.json.onlyNewWalk).map((item) => String(item.json.id));
		expect(ids.filter((id) => reported.includes(id))).toEqual([]);
		reported.push(...ids);
		const inputs = sim.requests
			.slice(requestsBefore)
			.map((request) => JSON.parse(request.bodyText).input as IDataObject);
		return { ids, calls: sim.ledger.billedCalls() - billedBefore, inputs };
	}

	it('outputs only the new posts, oldest first, paying for the pages holding them and the boundary page', async () => {
		const first = await run();
		const all = newestFirst().map((post) => post.aweme_id);
		expect(first.ids).toEqual([...all].reverse());
		expect(first.calls).toBe(Math.ceil(all.length / PAGE_SIZE));
		// The list is read newest first: sort_type 2 on every page.
		expect(first.inputs.every((input) => input.sort_type === '2')).toBe(true);
		expect(first.ids.every((id) => /^7\d{18}$/.test(id))).toBe(true);

		const nothing = await run();
		expect(nothing).toMatchObject({ ids: [], calls: 1 });

		await spike(6);
		const fresh = await run();
		const arrived = newestFirst()
			.slice(0, 6)
			.map((post) => post.aweme_id);
		expect(fresh.ids).toEqual([...arrived].reverse());
		// 6 new posts on pages of 4: two pages, the second also shows the boundary.
		expect(fresh.calls).toBe(2);
	});
});
