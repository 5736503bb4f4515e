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

/** `count` posts on the keyword's list at once; `writtenAt` (virtual ms) before now makes them late. */
async function spike(count: number, operation: string, writtenAt?: number) {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		body: JSON.stringify({ endpoint: operation, keyword: KEYWORD, count, writtenAt }),
	});
	expect(answer.status).toBe(200);
}

describe.each([
	['fetch_general_search_v1', () => sim.dataset.douyinSearch(KEYWORD, { sort_type: '2' })],
	['fetch_video_search_v1', () => sim.dataset.douyinVideoSearch(KEYWORD, { sort_type: '2' })],
])('%s with Only New Since Last Run', (operation, newestFirst) => {
	const staticData: IDataObject = {};
	const reported: string[] = [];

	async function run(lookBackMinutes = 0, memory = staticData, earlier = reported) {
		const billedBefore = sim.ledger.billedCalls();
		const requestsBefore = sim.requests.length;
		const { items, error } = await runSocialData(
			sim,
			{
				resource: 'shortVideo',
				operation,
				keyword: KEYWORD,
				returnAll: true,
				options: { onlyNew: true, mentions: true, walkSummary: true, lookBackMinutes },
			},
			{ staticData: memory },
		);
		expect(error).toBeUndefined();
		const ids = items.filter((item) => !item.json.onlyNewWalk).map((item) => String(item.json.id));
		// Nothing a run with the same memory output before comes out again.
		expect(ids.filter((id) => earlier.includes(id))).toEqual([]);
		earlier.push(...ids);
		const inputs = sim.requests
			.slice(requestsBefore)
			.map((request) => JSON.parse(request.bodyText).input as IDataObject);
		return { ids, calls: sim.ledger.billedCalls() - billedBefore, inputs };
	}

	// No look-back here: the costs counted are the walk's own.
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

		await spike(6, operation);
		const fresh = await run();
		const arrived = newestFirst()
			.slice(0, 6)
			.map((post) => post.aweme_id);
		expect(fresh.ids).toEqual([...arrived].reverse());
		// 6 new posts on pages of 4: two pages, the second also shows the boundary.
		expect(fresh.calls).toBe(2);
	});

	it('with the Look-Back Margin a post the search indexed late, below posts already output, comes out once', async () => {
		const memory: IDataObject = {};
		const output: string[] = [];
		const firstRun = await run(120, memory, output);
		expect(firstRun.ids.length).toBeGreaterThan(0);
		// Written 30 minutes ago, listed only now: below the newest posts the first run output.
		await spike(1, operation, sim.clock.now() - 30 * 60_000);
		const late = newestFirst().find((post) => !firstRun.ids.includes(post.aweme_id))!;
		const found = await run(120, memory, output);
		expect(found.ids).toEqual([late.aweme_id]);
		expect(found.calls).toBeLessThan(firstRun.calls + 1);
		expect(await run(120, memory, output)).toMatchObject({ ids: [] });
	});
});
