import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { TRIGGER_EVENTS } from '../../../nodes/SocialData/trigger/events';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { ledgerEntries } from '../socialDataTrigger/setup';
import { runSocialData } from './setup';

// "Only New Since Last Run" in a scheduled brand-monitoring flow: 2 brands × 3 sources across
// simulated days, each source one Social Data node with one input item per brand, its static data
// carried from run to run as n8n's database would. No steady arrivals: only the spikes the test makes.

const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const BRANDS = ['acme', 'globex'];

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE, reset: 'never' });

interface Source {
	name: string;
	endpoint: string;
	parameters: INodeParameters;
	/** The list the simulator holds for a brand, newest first, as the node's query reads it. */
	list(brand: string): string[];
	/** The arrival list a spike on this source adds to. */
	arrivals(brand: string): string;
}

const SOURCES: Source[] = [
	{
		name: 'notes',
		endpoint: 'search_notes',
		parameters: { resource: 'notes', operation: 'search_notes', options: {} },
		list: (brand) =>
			sim.dataset.searchNotes(brand, { sort_type: 'time_descending' }).map((hit) => hit.id),
		arrivals: (brand) => `notes:${brand}`,
	},
	{
		name: 'articles',
		endpoint: 'fetch_search',
		parameters: {
			resource: 'search',
			operation: 'fetch_search',
			options: { business_type: 'article', raw: false },
		},
		list: (brand) =>
			sim.dataset.searchHits(brand, 'article', { sort: 'latest' }).map((hit) => String(hit.docID)),
		arrivals: (brand) => `search:article:${brand}`,
	},
	{
		name: 'videos',
		endpoint: 'fetch_search_videos',
		parameters: { resource: 'search', operation: 'fetch_search_videos', options: { raw: false } },
		list: (brand) =>
			sim.dataset.searchVideoHits(brand, { sort: 'latest' }).map((hit) => String(hit.docID)),
		arrivals: (brand) => `search-videos:${brand}`,
	},
];

/** Each source node's static data, as n8n loads it for the next production run. */
const staticData = new Map<string, IDataObject>(SOURCES.map((source) => [source.name, {}]));
/** Every mention id each brand's source reported so far: nothing may come twice. */
const reported = new Map<string, string[]>();

interface SourceRun {
	/** Mention ids per brand, in output order. */
	ids: Record<string, string[]>;
	/** The walk summary per brand. */
	walks: Record<string, IDataObject>;
	/** Billed calls of this run per brand's endpoint, from the simulator's ledger. */
	calls: number;
	errors: IDataObject[];
	hints: string[];
}

async function runSource(source: Source, options: IDataObject = {}): Promise<SourceRun> {
	const before = (await ledgerEntries(sim)).length;
	const { items, error, hints } = await runSocialData(
		sim,
		{
			...source.parameters,
			keyword: '={{ $json.brand }}',
			returnAll: true,
			options: {
				...(source.parameters.options as IDataObject),
				mentions: true,
				onlyNew: true,
				walkSummary: true,
				creditBudget: 5,
				concurrency: 1,
				...options,
			},
		},
		{
			inputItems: BRANDS.map((brand) => ({ json: { brand } })),
			staticData: staticData.get(source.name),
			continueOnFail: true,
		},
	);
	expect(error).toBeUndefined();
	const run: SourceRun = { ids: {}, walks: {}, calls: 0, errors: [], hints };
	for (const item of items) {
		const brand = BRANDS[(item.pairedItem as { item: number }).item];
		if (item.json.error) run.errors.push({ brand, ...item.json });
		else if (item.json.onlyNewWalk) run.walks[brand] = item.json.onlyNewWalk as IDataObject;
		else (run.ids[brand] ??= []).push(String(item.json.id));
	}
	for (const [brand, ids] of Object.entries(run.ids)) {
		const key = `${source.name}:${brand}`;
		const earlier = reported.get(key) ?? [];
		expect(ids.filter((id) => earlier.includes(id))).toEqual([]);
		reported.set(key, [...earlier, ...ids]);
	}
	const entries = (await ledgerEntries(sim)).slice(before);
	expect(entries.every((entry) => entry.endpoint.endsWith(source.endpoint))).toBe(true);
	run.calls = entries.length;
	return run;
}

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

/** Oldest first, as the node outputs what is new. */
const oldestFirst = (newestFirst: string[]) => [...newestFirst].reverse();
/** Pages holding `fresh` new records, plus the one that shows the first record seen before. */
const callsFor = (fresh: number) => Math.floor(fresh / PAGE_SIZE) + 1;

describe('Social Data › Only New Since Last Run across simulated days (2 brands × 3 sources)', () => {
	test('first day: every record of each query, once, and the walks end at the lists’ end', async () => {
		for (const source of SOURCES) {
			const run = await runSource(source);
			let pages = 0;
			for (const brand of BRANDS) {
				const list = source.list(brand);
				expect(list.length).toBeGreaterThan(PAGE_SIZE);
				expect(run.ids[brand]).toEqual(oldestFirst(list));
				expect(run.walks[brand]).toMatchObject({
					endpoint: source.endpoint,
					newRecords: list.length,
					stoppedBy: 'end',
					continuesNextRun: false,
					firstRun: true,
				});
				pages += Math.ceil(list.length / PAGE_SIZE);
			}
			expect(run.calls).toBe(pages);
		}
	});

	test('a quiet day: each source costs exactly one call per brand and reports nothing', async () => {
		await advance(DAY_MS);
		for (const source of SOURCES) {
			const run = await runSource(source);
			expect(run.ids).toEqual({});
			expect(run.calls).toBe(BRANDS.length);
			for (const brand of BRANDS)
				expect(run.walks[brand]).toEqual({
					endpoint: source.endpoint,
					// The platform of the list: a search's is the vertical it asks for.
					platform: { notes: 'notes', articles: 'articles', videos: 'channels' }[source.name],
					query: expect.stringContaining(`"${brand}"`),
					calls: 1,
					credits: 0.1,
					newRecords: 0,
					stoppedBy: 'seen',
					continuesNextRun: false,
					firstRun: false,
				});
			expect(run.hints).toEqual(
				BRANDS.map(
					(_, index) =>
						`${source.endpoint}, item ${index + 1}: 0 new records for 1 call (0.1 credits); read back 120 minutes below the newest record an earlier run saw (Look-Back Margin) and stopped there`,
				),
			);
		}
	});

	test('a spike day: 200 new notes about one brand are all reported, once, for the pages holding them + 1', async () => {
		await advance(DAY_MS);
		const [notes, ...others] = SOURCES;
		await spike(notes.arrivals('acme'), 200);
		const run = await runSource(notes);
		expect(run.ids.acme).toEqual(oldestFirst(notes.list('acme').slice(0, 200)));
		expect(run.ids.globex).toBeUndefined();
		expect(run.walks.acme).toMatchObject({
			calls: callsFor(200),
			newRecords: 200,
			stoppedBy: 'seen',
		});
		expect(run.walks.globex).toMatchObject({ calls: 1, newRecords: 0, stoppedBy: 'seen' });
		expect(run.calls).toBe(callsFor(200) + 1);
		for (const source of others) expect((await runSource(source)).calls).toBe(BRANDS.length);
	});

	test('a walk the Credit Budget caps carries on next run: nothing lost, nothing doubled', async () => {
		await advance(DAY_MS);
		const videos = SOURCES[2];
		await spike(videos.arrivals('globex'), 150);
		const fresh = oldestFirst(videos.list('globex').slice(0, 150));
		// 0.5 credits: five calls per item.
		const capped = await runSource(videos, { creditBudget: 0.5 });
		expect(capped.walks.globex).toMatchObject({
			calls: 5,
			credits: 0.5,
			newRecords: 5 * PAGE_SIZE,
			stoppedBy: 'creditBudget',
			continuesNextRun: true,
		});
		expect(capped.hints[1]).toContain(
			'the Credit Budget (0.5 credits) ran out before the last record seen; the next run continues where this one stopped',
		);
		const next = await runSource(videos, { creditBudget: 0.5 });
		expect([...capped.ids.globex, ...next.ids.globex].sort()).toEqual([...fresh].sort());
		// The backlog's three pages (the last shows the mark, and the first record older than the
		// margin below it); then the look-back over the 150 from the newest page, which the budget
		// ends after two pages. Nothing newer was left, so the next run starts from the top again.
		expect(next.walks.globex).toMatchObject({
			calls: 5,
			newRecords: 50,
			stoppedBy: 'creditBudget',
			continuesNextRun: false,
		});
		expect(next.hints[1]).toContain(
			"the Credit Budget (0.5 credits) ran out inside the Look-Back Margin: every record newer than the earlier runs' was output; posts indexed late further down are looked for again next run",
		);
		// Without the cap: the 150, published at one time, stay inside the margin below the newest
		// record, so a quiet run reads their pages (+1 that shows the first record older).
		const quiet = await runSource(videos);
		expect(quiet.ids).toEqual({});
		expect(quiet.walks.globex).toMatchObject({ calls: callsFor(150), stoppedBy: 'seen' });
		expect(quiet.calls).toBe(callsFor(150) + 1);
	});

	test('an outage of one source keeps its memory; the next run catches up', async () => {
		await advance(DAY_MS);
		const articles = SOURCES[1];
		await spike(articles.arrivals('acme'), 30);
		sim.faults.queue({ endpoint: 'fetch_search', status: 500 });
		const outage = await runSource(articles);
		expect(outage.errors).toHaveLength(1);
		expect(outage.errors[0]).toMatchObject({ brand: 'acme' });
		expect(outage.ids).toEqual({});
		expect(outage.walks.globex).toMatchObject({ calls: 1, newRecords: 0 });

		const recovered = await runSource(articles);
		expect(recovered.ids.acme).toEqual(oldestFirst(articles.list('acme').slice(0, 30)));
		expect(recovered.walks.acme).toMatchObject({ calls: callsFor(30), newRecords: 30 });
		expect(recovered.calls).toBe(callsFor(30) + 1);
	});
});

describe('Social Data › Only New Since Last Run: refused before any call', () => {
	const notes = (options: IDataObject, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'notes',
		operation: 'search_notes',
		keyword: '={{ $json.brand }}',
		returnAll: true,
		...extra,
		options: { onlyNew: true, ...options },
	});

	test.each([
		[
			'an order other than newest first',
			notes({ sort_type: 'popularity_descending' }),
			/sort_type/,
		],
		[
			'a Limit instead of Return All',
			notes({}, { returnAll: false, limit: 5 }),
			/needs Return All/,
		],
		['a budget below one call', notes({ creditBudget: 0.05 }), /creditBudget.*at least one call/],
		[
			'a walk summary without the walk',
			notes({ onlyNew: false, walkSummary: true }),
			/walkSummary/,
		],
	])('%s', async (_, parameters, message) => {
		const before = (await ledgerEntries(sim)).length;
		const { error } = await runSocialData(sim, parameters, {
			inputItems: [{ json: { brand: 'acme' } }],
		});
		expect(error?.message).toMatch(message);
		expect(await ledgerEntries(sim)).toHaveLength(before);
	});

	test('two items asking for the same list: the second is refused, naming the first', async () => {
		const before = (await ledgerEntries(sim)).length;
		const { error } = await runSocialData(sim, notes({}), {
			inputItems: [{ json: { brand: 'acme' } }, { json: { brand: ' acme ' } }],
		});
		expect(error?.message).toMatch(/same list as item 0.*\(item 1\)/);
		expect(await ledgerEntries(sim)).toHaveLength(before);
	});

	test('offered exactly for the operations the Social Data Trigger watches as events', () => {
		const offeredFor = new SocialData().description.properties
			.filter((property) => property.name === 'options' && property.type === 'collection')
			.filter((property) =>
				(property.options as INodeProperties[]).some((option) => option.name === 'onlyNew'),
			)
			.flatMap((property) => property.displayOptions?.show?.operation ?? []);
		expect([...offeredFor].sort()).toEqual(
			TRIGGER_EVENTS.map((event) => event.endpoint.name).sort(),
		);
	});
});

describe('Social Data › Only New Since Last Run: Max Pages and the Credit Ceiling end a walk the next run finishes', () => {
	const BRAND = 'initech';
	const data: IDataObject = {};
	const notes = (options: IDataObject): INodeParameters => ({
		resource: 'notes',
		operation: 'search_notes',
		keyword: BRAND,
		returnAll: true,
		options: { onlyNew: true, walkSummary: true, mentions: true, ...options },
	});
	const run = async (options: IDataObject) => {
		const { items, error, hints } = await runSocialData(sim, notes(options), {
			staticData: data,
			workflowId: 'onlyNewLimits',
		});
		expect(error).toBeUndefined();
		const walk = items.find((item) => item.json.onlyNewWalk)?.json.onlyNewWalk as IDataObject;
		const ids = items.filter((item) => !item.json.onlyNewWalk).map((item) => String(item.json.id));
		return { ids, walk, hints };
	};
	const newest = (count: number) => oldestFirst(SOURCES[0].list(BRAND).slice(0, count)).map(String);

	test('the memory is marked as changed, so n8n saves it after a production run', async () => {
		const first = await run({});
		expect(first.walk).toMatchObject({ firstRun: true, stoppedBy: 'end' });
		expect(data.__dataChanged).toBe(true);
		const memory = (data['node:Social Data'] as IDataObject).onlyNewSinceLastRun as IDataObject;
		expect(Object.keys(memory)).toHaveLength(1);
		expect(JSON.parse(Object.keys(memory)[0])).toEqual([
			'search_notes',
			expect.objectContaining({ keyword: BRAND, sort_type: 'time_descending' }),
		]);
	});

	test('Max Pages', async () => {
		await spike(`notes:${BRAND}`, 60);
		const fresh = newest(60);
		const capped = await run({ maxPages: 2 });
		expect(capped.walk).toMatchObject({
			calls: 2,
			newRecords: 40,
			stoppedBy: 'maxPages',
			continuesNextRun: true,
		});
		expect(capped.hints[0]).toContain('Max Pages (2) ended the walk before the last record seen');
		// The backlog: page 3 (all new), page 4 (the mark); Max Pages leaves the newest page for later.
		const rest = await run({ maxPages: 2 });
		expect(rest.walk).toMatchObject({ calls: 2, newRecords: 20, stoppedBy: 'maxPages' });
		// Nothing new: the look-back over the 60 (one publish time, inside the margin) is what Max
		// Pages ends; no backlog is left for it.
		const quiet = await run({ maxPages: 2 });
		expect(quiet.walk).toMatchObject({
			calls: 2,
			newRecords: 0,
			stoppedBy: 'maxPages',
			continuesNextRun: false,
		});
		expect([...capped.ids, ...rest.ids]).toEqual(fresh.slice(-40).concat(fresh.slice(0, 20)));
		expect([...capped.ids, ...rest.ids].sort()).toEqual([...fresh].sort());
	});

	test('a Credit Ceiling', async () => {
		await spike(`notes:${BRAND}`, 50);
		const fresh = newest(50);
		const capped = await run({ creditCeilingPerHour: 0.2 });
		expect(capped.walk).toMatchObject({
			calls: 2,
			newRecords: 40,
			stoppedBy: 'ceiling',
			continuesNextRun: true,
		});
		expect(capped.hints).toContainEqual(
			expect.stringContaining('a Credit Ceiling ended the walk before the last record seen'),
		);
		// The backlog: pages 3 to 6, down past the 60 of the spike before, published at the same time
		// (inside the margin); then the look-back over all 110 from the newest page: 6 pages.
		const rest = await run({});
		expect(rest.walk).toMatchObject({ calls: 4 + 6, newRecords: 10, stoppedBy: 'seen' });
		expect([...capped.ids, ...rest.ids].sort()).toEqual([...fresh].sort());
	});
});
