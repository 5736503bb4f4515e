import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { DEFAULT_TOTALS } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { ledgerEntries } from '../socialDataTrigger/setup';
import { runSocialData } from './setup';

// Only New Since Last Run on Douyin's comments, a list ordered by likes: a new comment has none, so
// it lands on the last page. A run reads page one; the same comment count as the last complete walk
// means nothing was added (1 call), another count means every page is read and only the comments
// not output before come out. Runs carry the node's static data as n8n's database would.

const TOTAL = DEFAULT_TOTALS['shortVideo/fetch_video_comments'];
const PAGES = (total: number) => Math.ceil(total / 20);

let sim: Simulator;
useSimulator((started) => (sim = started), { reset: 'never' });

const staticData: IDataObject = {};
const output = new Set<string>();

const parameters = (options: IDataObject = {}): INodeParameters => ({
	resource: 'shortVideo',
	operation: 'fetch_video_comments',
	aweme_id: sim.dataset.ids.awemeId,
	returnAll: true,
	options: { onlyNew: true, walkSummary: true, ...options },
});

async function run(options: IDataObject = {}) {
	const before = (await ledgerEntries(sim)).length;
	const { items, error, hints } = await runSocialData(sim, parameters(options), { staticData });
	expect(error).toBeUndefined();
	const walk = items.find((item) => item.json.onlyNewWalk)?.json.onlyNewWalk as IDataObject;
	const records = items.filter((item) => !item.json.onlyNewWalk).map((item) => item.json);
	const ids = records.map((record) => String(record.cid ?? record.id));
	// Nothing is output twice across runs.
	expect(ids.filter((id) => output.has(id))).toEqual([]);
	for (const id of ids) output.add(id);
	const calls = (await ledgerEntries(sim)).slice(before).length;
	return { ids, records, walk, calls, hints };
}

async function spike(count: number) {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		body: JSON.stringify({ list: `douyin-comments:${sim.dataset.ids.awemeId}`, count }),
	});
	expect(answer.status).toBe(200);
}

const listed = () => sim.dataset.douyinVideoComments(sim.dataset.ids.awemeId);

describe('Social Data › Douyin comments › Only New Since Last Run', () => {
	test('the first run outputs every comment, oldest first, reading every page', async () => {
		const first = await run();
		expect(first.ids).toHaveLength(TOTAL);
		expect([...first.ids].sort()).toEqual(
			listed()
				.map((comment) => comment.cid)
				.sort(),
		);
		const times = first.records.map((record) => Number(record.create_time));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(first.calls).toBe(PAGES(TOTAL));
		expect(first.walk).toMatchObject({ stoppedBy: 'end', firstRun: true, newRecords: TOTAL });
	});

	test('a run with no new comment costs 1 call: the first page reports the same count', async () => {
		const quiet = await run();
		expect(quiet.ids).toEqual([]);
		expect(quiet.calls).toBe(1);
		expect(quiet.walk).toMatchObject({ calls: 1, newRecords: 0, stoppedBy: 'sameCount' });
		expect(quiet.hints.join(' ')).toMatch(/same number of records.*no other page was read/);
	});

	test('new comments on the last page are found: the count changed, so every page is read', async () => {
		await spike(3);
		const fresh = listed().slice(TOTAL);
		expect(fresh).toHaveLength(3);
		// Douyin's order puts them last: no likes yet.
		expect(fresh.every((comment) => comment.digg_count === 0)).toBe(true);
		const found = await run({ mentions: true });
		expect([...found.ids].sort()).toEqual(fresh.map((comment) => comment.cid).sort());
		expect(found.records.every((record) => record.kind === 'comment')).toBe(true);
		expect(found.calls).toBe(PAGES(TOTAL + 3));
		expect(found.walk).toMatchObject({ newRecords: 3, stoppedBy: 'end', firstRun: false });
		expect((await run()).calls).toBe(1);
	});

	test('Max Pages cuts a walk: the next run finishes it first, and nothing is lost or repeated', async () => {
		await spike(2);
		const fresh = listed().filter((comment) => !output.has(comment.cid));
		expect(fresh).toHaveLength(2);
		const cut = await run({ maxPages: 1 });
		expect(cut.calls).toBe(1);
		expect(cut.walk).toMatchObject({ stoppedBy: 'maxPages', continuesNextRun: true });
		const rest = await run();
		expect([...cut.ids, ...rest.ids].sort()).toEqual(fresh.map((comment) => comment.cid).sort());
		// The backlog (pages 2 and 3), then page one again: its count is the one the walk began with.
		expect(rest.calls).toBe(PAGES(TOTAL + 5) - 1 + 1);
		expect((await run()).calls).toBe(1);
	});
});
