import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// "Only New Since Last Run" on a search's list, whose index lists some posts late: a late post
// appears below posts an earlier run already output. The Look-Back Margin (default 120 minutes)
// reads on past the newest record seen, so the late post is output, once; with 0 it is missed.
// Each brand is an input item; the second brand runs with the margin at 0 for comparison.

const PAGE_SIZE = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MARGIN_MINUTES = 120;

interface Note {
	id: string;
	time: number;
}

/** One Social Data node over the notes search, run by run, its static data kept as n8n would. */
class NotesCollector {
	readonly staticData: IDataObject = {};
	/** Every id each brand's walk output so far, in output order. */
	readonly output = new Map<string, string[]>();

	constructor(
		private readonly sim: () => Simulator,
		/** brand → Look-Back Margin in minutes (an expression per item). */
		readonly margins: Record<string, number>,
		private readonly options: IDataObject = {},
	) {}

	list(brand: string): Note[] {
		return this.sim()
			.dataset.searchNotes(brand, { sort_type: 'time_descending' })
			.map((hit) => ({ id: hit.id, time: hit.note.timestamp }));
	}

	async run(): Promise<{ ids: Record<string, string[]>; walks: Record<string, IDataObject> }> {
		const brands = Object.keys(this.margins);
		const { items, error } = await runSocialData(
			this.sim(),
			{
				resource: 'notes',
				operation: 'search_notes',
				keyword: '={{ $json.brand }}',
				returnAll: true,
				options: {
					onlyNew: true,
					walkSummary: true,
					mentions: true,
					concurrency: 1,
					lookBackMinutes: '={{ $json.margin }}',
					...this.options,
				},
			},
			{
				inputItems: brands.map((brand) => ({ json: { brand, margin: this.margins[brand] } })),
				staticData: this.staticData,
			},
		);
		expect(error).toBeUndefined();
		const ids: Record<string, string[]> = {};
		const walks: Record<string, IDataObject> = {};
		for (const item of items) {
			const brand = brands[(item.pairedItem as { item: number }).item];
			if (item.json.onlyNewWalk) walks[brand] = item.json.onlyNewWalk as IDataObject;
			else (ids[brand] ??= []).push(String(item.json.id));
		}
		for (const brand of brands) {
			const earlier = this.output.get(brand) ?? [];
			// Never twice, across runs.
			expect((ids[brand] ?? []).filter((id) => earlier.includes(id))).toEqual([]);
			this.output.set(brand, [...earlier, ...(ids[brand] ?? [])]);
		}
		return { ids, walks };
	}
}

/**
 * What a walk from the newest page reads with a margin: every record published at or after the
 * margin below the newest one the last run saw, then the first older one. Its calls: the pages
 * holding them.
 */
function lookBackCalls(list: Note[], newestSeen: number, minutes: number): number {
	const inside = list.filter((note) => note.time >= newestSeen - minutes * 60).length;
	return Math.floor(inside / PAGE_SIZE) + 1;
}

async function lateSpike(sim: Simulator, list: string, writtenAt: number, lateByMs: number) {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		body: JSON.stringify({ list, count: 1, writtenAt, lateByMs }),
	});
	expect(answer.status).toBe(200);
}

/**
 * The same walk by n8n's clock (the simulator's here): it also stops, from the newest record the
 * last run saw down, at the first record published at or before the margin before that run's time
 * (`lastRunAt`, ms): the search had shown everything from there down for a full margin.
 */
function clockCalls(list: Note[], newestSeen: Note, lastRunAt: number, minutes: number): number {
	const settled = lastRunAt / 1000 - minutes * 60;
	const mark = list.findIndex((note) => note.id === newestSeen.id || note.time < newestSeen.time);
	const stop = list.findIndex(
		(note, index) =>
			note.time < newestSeen.time - minutes * 60 || (index >= mark && note.time <= settled),
	);
	return Math.floor((stop === -1 ? list.length : stop) / PAGE_SIZE) + 1;
}

const oldestFirst = (notes: Note[]) => notes.map((note) => note.id).reverse();

describe('Social Data › Only New Since Last Run › Look-Back Margin: a post indexed late', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), {
		pageSize: PAGE_SIZE,
		arrivalEveryMs: 15 * MINUTE,
		reset: 'never',
	});
	const collector = new NotesCollector(() => sim, { acme: MARGIN_MINUTES, globex: 0 });

	test('is output once, in the run that finds it below posts output before, for the pages inside the margin + 1; with a margin of 0 it is missed', async () => {
		await collector.run();
		sim.clock.advance(HOUR);
		// Written 30 minutes ago, listed 30 minutes from now: after the next run.
		const writtenAt = sim.clock.now() - 30 * MINUTE;
		for (const brand of ['acme', 'globex']) await lateSpike(sim, `notes:${brand}`, writtenAt, HOUR);
		const second = await collector.run();
		const seenBy = { acme: collector.list('acme')[0], globex: collector.list('globex')[0] };
		expect(second.ids.acme).toEqual(oldestFirst(collector.list('acme').slice(0, 4)));

		sim.clock.advance(HOUR);
		const acme = collector.list('acme');
		// Four new on top; the late post below the newest one the last run output.
		const late = acme.find((note) => note.time === writtenAt / 1000)!;
		expect(acme.indexOf(late)).toBeGreaterThan(
			acme.findIndex((note) => note.id === seenBy.acme.id),
		);
		const third = await collector.run();
		expect(third.ids.acme).toEqual(oldestFirst([...acme.slice(0, 4), late]));
		expect(third.walks.acme).toMatchObject({
			newRecords: 5,
			stoppedBy: 'seen',
			calls: lookBackCalls(acme, seenBy.acme.time, MARGIN_MINUTES),
		});
		const globex = collector.list('globex');
		const missed = globex.find((note) => note.time === writtenAt / 1000)!;
		expect(third.ids.globex).toEqual(oldestFirst(globex.slice(0, 4)));
		expect(third.walks.globex).toMatchObject({ newRecords: 4, calls: 1 });

		sim.clock.advance(HOUR);
		const fourth = await collector.run();
		expect(fourth.ids.acme).toEqual(oldestFirst(collector.list('acme').slice(0, 4)));
		expect(collector.output.get('acme')!.filter((id) => id === late.id)).toHaveLength(1);
		expect(collector.output.get('globex')).not.toContain(missed.id);
	});

	test('the memory keeps the ids output inside the margin, with their times, and prunes older ones', () => {
		const memories = (collector.staticData['node:Social Data'] as IDataObject)
			.onlyNewSinceLastRun as Record<string, IDataObject>;
		const [acme, globex] = Object.values(memories);
		const newest = (acme.newest as Note).time;
		const window = acme.window as Record<string, number>;
		expect(acme.floor).toBe(newest - MARGIN_MINUTES * 60);
		const inside = collector
			.list('acme')
			.filter((note) => note.time >= newest - MARGIN_MINUTES * 60);
		expect(Object.keys(window).sort()).toEqual(inside.map((note) => note.id).sort());
		for (const note of inside) expect(window[note.id]).toBe(note.time);
		// Without a margin the memory is as earlier versions wrote it.
		expect(Object.keys(globex).sort()).toEqual(['newest', 'query', 'seen']);
	});
});

describe('Social Data › Only New Since Last Run › Look-Back Margin: memory written by an earlier version', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), {
		pageSize: PAGE_SIZE,
		arrivalEveryMs: 15 * MINUTE,
		reset: 'never',
	});

	test('in the static data: read, nothing output again, the margin grows from its newest record on', async () => {
		const collector = new NotesCollector(() => sim, { initech: 0 });
		await collector.run();
		const memory = () =>
			Object.values(
				(collector.staticData['node:Social Data'] as IDataObject).onlyNewSinceLastRun as Record<
					string,
					IDataObject
				>,
			)[0];
		const earlier = memory();
		expect(Object.keys(earlier).sort()).toEqual(['newest', 'query', 'seen']);
		const oldNewest = (earlier.newest as Note).time;

		collector.margins.initech = MARGIN_MINUTES;
		sim.clock.advance(HOUR);
		const first = await collector.run();
		expect(first.ids.initech).toEqual(oldestFirst(collector.list('initech').slice(0, 4)));
		// This once it looked no further back than the newest record the earlier memory knew (which
		// lies inside the margin below the new newest one), and its memory begins there.
		expect(oldNewest).toBeGreaterThan((memory().newest as Note).time - MARGIN_MINUTES * 60);
		expect(memory().floor).toBe(oldNewest);

		// Then the whole margin: a post written 30 minutes before the newest seen, listed late.
		sim.clock.advance(HOUR);
		const writtenAt = sim.clock.now() - 90 * MINUTE;
		await lateSpike(sim, 'notes:initech', writtenAt, 0);
		const next = await collector.run();
		const list = collector.list('initech');
		const late = list.find((note) => note.time === writtenAt / 1000)!;
		expect(next.ids.initech).toEqual(oldestFirst([...list.slice(0, 4), late]));
	});

	test('carried by the flow (Memory From the Last Run as an earlier version output it): read, nothing output again', async () => {
		const list = () =>
			sim.dataset
				.searchNotes('hooli', { sort_type: 'time_descending' })
				.map((hit) => ({ id: hit.id, time: hit.note.timestamp }));
		sim.clock.advance(HOUR);
		const before = list();
		// The `onlyNewWalk.memory` of an earlier version: query, newest and seen ids, nothing else.
		// Its seen ids are the last ones it output: here only the newest, as if the three posts of
		// the hour before it (inside the margin below it) had long dropped out of them.
		const earlier = JSON.stringify({
			query: JSON.stringify(['search_notes', { keyword: 'hooli', sort_type: 'time_descending' }]),
			newest: before[0],
			seen: [before[0].id],
		});
		expect(before[3].time).toBeGreaterThan(before[0].time - MARGIN_MINUTES * 60);
		sim.clock.advance(HOUR);
		const parameters: INodeParameters = {
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'hooli',
			returnAll: true,
			options: {
				onlyNew: true,
				onlyNewMemoryIn: 'parameter',
				onlyNewMemory: earlier,
				walkSummary: true,
				mentions: true,
			},
		};
		const { items, error } = await runSocialData(sim, parameters);
		expect(error).toBeUndefined();
		const walk = items.find((item) => item.json.onlyNewWalk)!.json.onlyNewWalk as IDataObject;
		expect(walk).toMatchObject({ firstRun: false, newRecords: 4, calls: 1, stoppedBy: 'seen' });
		expect(items.filter((item) => !item.json.onlyNewWalk).map((item) => item.json.id)).toEqual(
			oldestFirst(list().slice(0, 4)),
		);
		const memory = JSON.parse(String(walk.memory)) as IDataObject;
		expect(memory).toMatchObject({ floor: before[0].time, newest: list()[0] });
		expect(Object.keys(memory.window as IDataObject)).toHaveLength(4);
	});
});

describe('Social Data › Only New Since Last Run › Look-Back Margin: a day of hourly runs while 20% of the posts are listed 30–90 minutes late', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), {
		pageSize: PAGE_SIZE,
		arrivalEveryMs: 10 * MINUTE,
		lateIndex: { share: 0.2, minMs: 30 * MINUTE, maxMs: 90 * MINUTE },
		reset: 'never',
	});

	test('with the margin every post is output once and none is missed, each run paying the pages inside the margin and not yet shown for a full margin + 1; with 0, late ones are missed', async () => {
		const collector = new NotesCollector(() => sim, { acme: MARGIN_MINUTES, globex: 0 });
		await collector.run();
		let byPublishTime = 0;
		let byClock = 0;
		for (let hour = 1; hour <= 24; hour++) {
			const newestSeen = collector.list('acme')[0];
			const lastRunAt = sim.clock.now();
			sim.clock.advance(HOUR);
			const run = await collector.run();
			const list = collector.list('acme');
			expect(run.walks.acme.calls).toBe(clockCalls(list, newestSeen, lastRunAt, MARGIN_MINUTES));
			byClock += Number(run.walks.acme.calls);
			byPublishTime += lookBackCalls(list, newestSeen.time, MARGIN_MINUTES);
		}
		expect(byClock).toBeLessThan(byPublishTime);
		const missed = (brand: string) =>
			collector.list(brand).filter((note) => !collector.output.get(brand)!.includes(note.id));
		// Posts written in the last 90 minutes may still be unlisted; every listed one was output.
		expect(missed('acme')).toEqual([]);
		expect(new Set(collector.output.get('acme')).size).toBe(collector.list('acme').length);
		expect(missed('globex').length).toBeGreaterThan(3);
	});
});

describe("Social Data › Only New Since Last Run › Look-Back Margin by n8n's clock: quiet runs after a spike", () => {
	let sim: Simulator;
	// No steady arrivals: the posts of this test are all written by it.
	useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE, reset: 'never' });
	const SPIKE = 50;

	async function arrive(count: number, writtenAt: number, lateByMs = 0) {
		const answer = await fetch(`${sim.url}/__sim/arrivals`, {
			method: 'POST',
			body: JSON.stringify({ list: 'notes:acme', count, writtenAt, lateByMs }),
		});
		expect(answer.status).toBe(200);
	}

	test('read the spike’s pages again only while the last run began less than a margin after it was published; a post listed late afterwards is still found, for one call', async () => {
		const collector = new NotesCollector(() => sim, { acme: MARGIN_MINUTES });
		const list = () => collector.list('acme');
		await collector.run();
		sim.clock.advance(HOUR);
		const spikeAt = sim.clock.now();
		await arrive(SPIKE, spikeAt);
		// Written a minute before the spike, listed 99 minutes after it: below the spike.
		await arrive(1, spikeAt - MINUTE, 100 * MINUTE);
		const spike = await collector.run();
		expect(spike.ids.acme).toHaveLength(SPIKE);
		expect(spike.walks.acme.calls).toBe(Math.floor(SPIKE / PAGE_SIZE) + 1);

		const runs: Array<{ newRecords: number; calls: number; byPublishTime: number }> = [];
		// The newest post the last run saw, and when it ran.
		let newestSeen = list()[0];
		const quietRun = async (arrivals?: () => Promise<void>) => {
			const lastRunAt = sim.clock.now();
			sim.clock.advance(HOUR);
			await arrivals?.();
			const { walks } = await collector.run();
			const calls = Number(walks.acme.calls);
			expect(calls).toBe(clockCalls(list(), newestSeen, lastRunAt, MARGIN_MINUTES));
			runs.push({
				newRecords: Number(walks.acme.newRecords),
				calls,
				byPublishTime: lookBackCalls(list(), newestSeen.time, MARGIN_MINUTES),
			});
			newestSeen = list()[0];
		};
		// An hour and two hours after the spike: a post published before it may still be listed
		// below it, so its pages are read again; the second run finds the late post there.
		await quietRun();
		await quietRun();
		const reread = Math.floor((SPIKE + 1) / PAGE_SIZE) + 1;
		expect(runs).toEqual([
			{ newRecords: 0, calls: reread, byPublishTime: reread },
			{ newRecords: 1, calls: reread, byPublishTime: reread },
		]);

		// Three hours after: the last run began a full margin after the spike was published, so
		// nothing new can lie below it. A post written 40 minutes before this run, and one written
		// 50 minutes before and listed an hour late (below the first), found by the next run.
		await quietRun(async () => {
			await arrive(1, sim.clock.now() - 40 * MINUTE);
			await arrive(1, sim.clock.now() - 50 * MINUTE, HOUR);
		});
		await quietRun();
		expect(runs.slice(2)).toEqual([
			// Publish times alone would read the spike again: the newest seen was its own.
			{ newRecords: 1, calls: 1, byPublishTime: reread },
			{ newRecords: 1, calls: 1, byPublishTime: 1 },
		]);
		// Every post listed was output, once.
		expect(
			list()
				.map((note) => note.id)
				.sort(),
		).toEqual([...new Set(collector.output.get('acme'))].sort());
	});
});

describe("Social Data › Only New Since Last Run › Look-Back Margin by n8n's clock: a clock far ahead of the platform's", () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), {
		pageSize: PAGE_SIZE,
		arrivalEveryMs: 15 * MINUTE,
		reset: 'never',
	});

	test('costs the posts indexed late (as a margin of 0 does), never a new one above the newest seen', async () => {
		// A year past the simulator's time: by that clock everything below the newest post is settled.
		const ahead = new Date(sim.clock.now() + 365 * 24 * HOUR).toISOString();
		const collector = new NotesCollector(() => sim, { acme: MARGIN_MINUTES }, { runAt: ahead });
		await collector.run();
		sim.clock.advance(HOUR);
		const writtenAt = sim.clock.now() - 30 * MINUTE;
		await lateSpike(sim, 'notes:acme', writtenAt, HOUR);
		await collector.run();
		sim.clock.advance(HOUR);
		const third = await collector.run();
		const list = collector.list('acme');
		expect(third.ids.acme).toEqual(oldestFirst(list.slice(0, 4)));
		expect(third.walks.acme).toMatchObject({ newRecords: 4, calls: 1 });
		const late = list.find((note) => note.time === writtenAt / 1000)!;
		expect(collector.output.get('acme')).not.toContain(late.id);
	});
});

describe('Social Data › Only New Since Last Run › Look-Back Margin: the option', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE });

	test('offered with Only New for the searches’ lists only, default 120 minutes', () => {
		const offeredFor = new SocialData().description.properties
			.filter((property) => property.name === 'options' && property.type === 'collection')
			.filter((property) =>
				(property.options as INodeProperties[]).some(
					(option) => option.name === 'lookBackMinutes' && option.default === MARGIN_MINUTES,
				),
			)
			.flatMap((property) => property.displayOptions?.show?.operation ?? []);
		expect([...offeredFor].sort()).toEqual([
			'fetch_general_search_v1',
			'fetch_search',
			'fetch_search_videos',
			'fetch_video_search_v1',
			'search_notes',
		]);
	});

	test('a margin that is not a whole number of minutes, 0 or more, is refused before any call', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: true,
			options: { onlyNew: true, lookBackMinutes: -30 },
		});
		expect(error?.message).toMatch(
			/lookBackMinutes.*must be a whole number of minutes, 0 or more; got -30/,
		);
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	test('Time of This Run beside it; a value that is not a time is refused before any call', async () => {
		const offered = new SocialData().description.properties
			.filter((property) => property.name === 'options' && property.type === 'collection')
			.filter((property) =>
				(property.options as INodeProperties[]).some((option) => option.name === 'runAt'),
			)
			.flatMap((property) => property.displayOptions?.show?.operation ?? []);
		expect([...offered].sort()).toEqual([
			'fetch_general_search_v1',
			'fetch_search',
			'fetch_search_videos',
			'fetch_video_search_v1',
			'search_notes',
		]);
		const { error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: true,
			options: { onlyNew: true, runAt: 'yesterday morning' },
		});
		expect(error?.message).toMatch(/runAt.*must be a time .*got "yesterday morning"/);
		expect(sim.ledger.billedCalls()).toBe(0);
	});
});
