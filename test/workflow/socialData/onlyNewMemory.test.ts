import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SEEN_LIMIT } from '../../../nodes/SocialData/newOnly/seenMemory';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { ledgerEntries } from '../socialDataTrigger/setup';
import { runSocialData } from './setup';

// "Only New Since Last Run" with Keep the Memory In › Memory Parameter and Walk Summary: the flow
// carries each brand's memory itself (as the collector does in a Data Table, since n8n's queue mode
// starts new executions without static data). Here a Map stands for the table; the static data
// handed to every run must stay empty.

const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const BRANDS = ['acme', 'globex'];

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE, reset: 'never' });

/** The flow's memory table: brand → the `onlyNewWalk.memory` of its last successful walk. */
const table = new Map<string, string>();
const staticData: IDataObject = {};

const listOf = (brand: string) =>
	sim.dataset.searchNotes(brand, { sort_type: 'time_descending' }).map((hit) => hit.id);
const oldestFirst = (newestFirst: string[]) => [...newestFirst].reverse();
/** Pages holding `fresh` new records, plus the one that shows the first record seen before. */
const callsFor = (fresh: number) => Math.floor(fresh / PAGE_SIZE) + 1;

const notes = (options: IDataObject): INodeParameters => ({
	resource: 'notes',
	operation: 'search_notes',
	keyword: '={{ $json.brand }}',
	returnAll: true,
	options: {
		onlyNew: true,
		onlyNewMemoryIn: 'parameter',
		onlyNewMemory: '={{ $json.memory }}',
		walkSummary: true,
		mentions: true,
		concurrency: 1,
		...options,
	},
});

async function advance(ms: number) {
	await fetch(`${sim.url}/__sim/clock/advance`, { method: 'POST', body: JSON.stringify({ ms }) });
}

async function spike(list: string, count: number) {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		body: JSON.stringify({ list, count }),
	});
	expect(answer.status).toBe(200);
}

interface Run {
	ids: Record<string, string[]>;
	walks: Record<string, IDataObject>;
	errors: string[];
	calls: number;
	hints: string[];
}

/** One run over both brands, each item bringing the memory the table holds; new memories are stored back. */
async function run(options: IDataObject = {}, memories = table): Promise<Run> {
	const before = (await ledgerEntries(sim)).length;
	const { items, error, hints } = await runSocialData(sim, notes(options), {
		inputItems: BRANDS.map((brand) => ({ json: { brand, memory: memories.get(brand) ?? '' } })),
		staticData,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	const result: Run = { ids: {}, walks: {}, errors: [], calls: 0, hints };
	for (const item of items) {
		const brand = BRANDS[(item.pairedItem as { item: number }).item];
		if (item.json.error) result.errors.push(brand);
		else if (item.json.onlyNewWalk) result.walks[brand] = item.json.onlyNewWalk as IDataObject;
		else (result.ids[brand] ??= []).push(String(item.json.id));
	}
	for (const [brand, walk] of Object.entries(result.walks)) table.set(brand, String(walk.memory));
	result.calls = (await ledgerEntries(sim)).length - before;
	expect(staticData).toEqual({});
	return result;
}

describe('Social Data › Only New Since Last Run with the memory carried by the flow', () => {
	test('first run: every page of each brand, and a memory per brand in its walk summary', async () => {
		const first = await run();
		let pages = 0;
		for (const brand of BRANDS) {
			const list = listOf(brand);
			expect(list.length).toBeGreaterThan(PAGE_SIZE);
			expect(first.ids[brand]).toEqual(oldestFirst(list));
			expect(first.walks[brand]).toMatchObject({ firstRun: true, stoppedBy: 'end' });
			const memory = JSON.parse(String(first.walks[brand].memory)) as IDataObject;
			// The summary names the query its memory belongs to: the flow's key for the memory row.
			expect(first.walks[brand].query).toBe(memory.query);
			expect(JSON.parse(String(memory.query))).toEqual([
				'search_notes',
				expect.objectContaining({ keyword: brand }),
			]);
			expect(memory.seen).toEqual(oldestFirst(list).slice(-SEEN_LIMIT));
			pages += Math.ceil(list.length / PAGE_SIZE);
		}
		expect(first.calls).toBe(pages);
	});

	test('the next run costs one call per brand and outputs nothing', async () => {
		await advance(DAY_MS);
		const quiet = await run();
		expect(quiet.ids).toEqual({});
		expect(quiet.calls).toBe(BRANDS.length);
		for (const brand of BRANDS)
			expect(quiet.walks[brand]).toMatchObject({
				calls: 1,
				newRecords: 0,
				stoppedBy: 'seen',
				firstRun: false,
			});
	});

	test('after a spike: the 200 new notes once, for the pages holding them + 1', async () => {
		await advance(DAY_MS);
		await spike('notes:acme', 200);
		const spiked = await run();
		expect(spiked.ids.acme).toEqual(oldestFirst(listOf('acme').slice(0, 200)));
		expect(spiked.ids.globex).toBeUndefined();
		expect(spiked.walks.acme).toMatchObject({ calls: callsFor(200), newRecords: 200 });
		expect(spiked.calls).toBe(callsFor(200) + 1);
		const memory = JSON.parse(table.get('acme')!) as { seen: string[] };
		expect(memory.seen).toHaveLength(Math.min(SEEN_LIMIT, listOf('acme').length));
	});

	test('a walk the Credit Budget caps carries on through the memory: nothing lost, nothing doubled', async () => {
		await advance(DAY_MS);
		await spike('notes:globex', 150);
		const fresh = oldestFirst(listOf('globex').slice(0, 150));
		// 0.5 credits: five calls per item.
		const capped = await run({ creditBudget: 0.5 });
		expect(capped.walks.globex).toMatchObject({
			calls: 5,
			newRecords: 5 * PAGE_SIZE,
			stoppedBy: 'creditBudget',
			continuesNextRun: true,
		});
		expect(JSON.parse(table.get('globex')!)).toHaveProperty('backlog');
		const next = await run({ creditBudget: 0.5 });
		// The backlog's three pages, then the look-back over the 150 (one publish time, inside the
		// margin) from the newest page, which the budget ends: no backlog is left for that.
		expect(next.walks.globex).toMatchObject({
			calls: 5,
			newRecords: 50,
			stoppedBy: 'creditBudget',
			continuesNextRun: false,
		});
		expect([...capped.ids.globex, ...next.ids.globex].sort()).toEqual([...fresh].sort());
		expect(JSON.parse(table.get('globex')!)).not.toHaveProperty('backlog');
	});

	test('a failed walk outputs no new memory: the flow keeps the old one and the next run catches up', async () => {
		await advance(DAY_MS);
		await spike('notes:acme', 30);
		const kept = table.get('acme');
		sim.faults.queue({ endpoint: 'search_notes', status: 500 });
		const outage = await run();
		expect(outage.errors).toEqual(['acme']);
		expect(outage.walks.acme).toBeUndefined();
		expect(table.get('acme')).toBe(kept);
		const recovered = await run();
		expect(recovered.ids.acme).toEqual(oldestFirst(listOf('acme').slice(0, 30)));
		// The 30 new, then the 200 of the spike before, inside the margin below the newest seen.
		expect(recovered.walks.acme).toMatchObject({ calls: callsFor(30 + 200), newRecords: 30 });
	});

	test("another query's memory counts as none: the walk reads the whole list and says why", async () => {
		const swapped = new Map([
			['acme', table.get('globex')!],
			['globex', table.get('globex')!],
		]);
		const mixed = await run({}, swapped);
		expect(mixed.walks.acme).toMatchObject({ firstRun: true, stoppedBy: 'end' });
		expect(mixed.ids.acme).toEqual(oldestFirst(listOf('acme')));
		// Its own memory: the 150 below its newest note were published a day before its last full
		// walk, shown by the search for more than a margin then, so they are not read again.
		expect(mixed.walks.globex).toMatchObject({ firstRun: false, calls: 1, newRecords: 0 });
		expect(mixed.hints[0]).toContain(
			'Memory From the Last Run belonged to another query (keyword or filters changed), so this walk started without memory',
		);
		expect(mixed.hints[1]).not.toContain('another query');
	});
});

describe('Social Data › Only New Since Last Run with a carried memory: refused before any call', () => {
	test.each([
		['a memory that is not JSON', '{"query":', /onlyNewMemory.*not valid JSON.*\(item 1\)/],
		[
			'a memory that is not a walk state',
			'{"seen":"x"}',
			/onlyNewMemory.*not a walk memory.*\(item 1\)/,
		],
	])('%s', async (_, memory, message) => {
		const before = (await ledgerEntries(sim)).length;
		const { error } = await runSocialData(sim, notes({}), {
			inputItems: [{ json: { brand: 'acme', memory: '' } }, { json: { brand: 'globex', memory } }],
			staticData: {},
		});
		expect(error?.message).toMatch(message);
		expect(await ledgerEntries(sim)).toHaveLength(before);
	});

	test('without Add Walk Summary Item, which carries the new memory out', async () => {
		const before = (await ledgerEntries(sim)).length;
		const { error } = await runSocialData(sim, notes({ walkSummary: false }), {
			inputItems: [{ json: { brand: 'acme', memory: '' } }],
		});
		expect(error?.message).toMatch(/walkSummary.*must be on when Keep the Memory In/);
		expect(await ledgerEntries(sim)).toHaveLength(before);
	});
});

describe('Social Data › Only New Since Last Run with a list of memories', () => {
	test("each item takes its own query's memory from the list of every memory the flow keeps", async () => {
		await advance(DAY_MS);
		await spike('notes:globex', 7);
		// As the collector's expression hands it over: a list, not text.
		const every = ['', ...table.values(), null];
		const before = (await ledgerEntries(sim)).length;
		const { items, error } = await runSocialData(
			sim,
			notes({ onlyNewMemory: '={{ $json.memory }}' }),
			{
				inputItems: BRANDS.map((brand) => ({ json: { brand, memory: every } })),
				staticData,
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		const walks = items.flatMap((item) =>
			item.json.onlyNewWalk ? [item.json.onlyNewWalk as IDataObject] : [],
		);
		expect(walks.map((walk) => [walk.firstRun, walk.newRecords])).toEqual([
			[false, 0],
			[false, 7],
		]);
		// Neither walk read its whole list again, as a walk without memory would.
		const pages = BRANDS.map((brand) => Math.ceil(listOf(brand).length / PAGE_SIZE));
		expect((await ledgerEntries(sim)).length - before).toBeLessThan(pages[0] + pages[1]);
		expect(staticData).toEqual({});
	});

	test('an entry of the list that is not a walk memory is refused before any call', async () => {
		const before = (await ledgerEntries(sim)).length;
		const { error } = await runSocialData(sim, notes({}), {
			inputItems: [{ json: { brand: 'acme', memory: JSON.stringify(['{"seen":"x"}']) } }],
			staticData,
		});
		expect(error?.message).toMatch(/not a walk memory/);
		expect((await ledgerEntries(sim)).length).toBe(before);
	});

	test('two searches of one endpoint and term keep two memories, keyed by the query of their summaries', async () => {
		// The collector's Memory Row keys each memory by `onlyNewWalk.query`: all notes and video notes
		// of one term are two sources with two keys, and each finds its own memory.
		const rows = new Map<string, string>();
		const runBoth = async () => {
			const walks: IDataObject[] = [];
			for (const note_type of ['不限', '视频笔记']) {
				const { items, error } = await runSocialData(sim, notes({ note_type }), {
					inputItems: [{ json: { brand: 'acme', memory: [...rows.values()] } }],
					staticData,
				});
				expect(error).toBeUndefined();
				walks.push(items.find((item) => item.json.onlyNewWalk)!.json.onlyNewWalk as IDataObject);
			}
			for (const walk of walks) rows.set(String(walk.query), String(walk.memory));
			return walks;
		};
		const first = await runBoth();
		expect(first.map((walk) => walk.firstRun)).toEqual([true, true]);
		expect(new Set(first.map((walk) => walk.query)).size).toBe(2);
		expect(rows.size).toBe(2);
		const before = (await ledgerEntries(sim)).length;
		const next = await runBoth();
		expect(next.map((walk) => walk.firstRun)).toEqual([false, false]);
		expect(next.map((walk) => walk.query)).toEqual(first.map((walk) => walk.query));
		expect((await ledgerEntries(sim)).length - before).toBe(
			next.reduce((sum, walk) => sum + Number(walk.calls), 0),
		);
		expect(staticData).toEqual({});
	});
});
