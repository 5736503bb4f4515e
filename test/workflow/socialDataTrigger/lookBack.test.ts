import type { INodeProperties } from 'n8n-workflow';
import { SocialDataTrigger } from '../../../nodes/SocialData/SocialDataTrigger.node';
import type { Simulator } from '../../../simulator';
import {
	ActiveTrigger,
	EVENT_FACTS,
	PAGE_SIZE,
	eventParameters,
	jsonOf,
	useArrivingSimulator,
} from './setup';

// The trigger's events on a search's list (notes, search hits, video hits) read back over the
// Look-Back Margin (default 120 minutes) past the newest item seen, so an item the search indexes
// late, below items already emitted, is still emitted, once. Posts arrive every 10 minutes here.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EVERY_MS = 10 * MINUTE;
const MARGIN_MINUTES = 120;

interface Item {
	id: string;
	time: number;
}

const notesOf = (sim: Simulator, keyword: string): Item[] =>
	sim.dataset
		.searchNotes(keyword, { sort_type: 'time_descending' })
		.map((hit) => ({ id: hit.id, time: hit.note.timestamp }));

/** Calls of a poll with a margin: the pages holding every item published inside it, and the first older one. */
const lookBackCalls = (list: Item[], newestSeen: number) =>
	Math.floor(
		list.filter((item) => item.time >= newestSeen - MARGIN_MINUTES * 60).length / PAGE_SIZE,
	) + 1;

const idsOf = (poll: { items: unknown }) =>
	jsonOf(poll as Parameters<typeof jsonOf>[0]).map((json) =>
		String(EVENT_FACTS.newNote.idOf(json)),
	);

describe('Social Data Trigger › Look-Back Margin', () => {
	let sim: Simulator;
	useArrivingSimulator((started) => (sim = started), { arrivalEveryMs: EVERY_MS });

	test('an item indexed late below items already emitted is emitted once, in the poll that finds it; with a margin of 0 it is missed', async () => {
		const withMargin = new ActiveTrigger(sim, { ...eventParameters(sim).newNote, keyword: 'acme' });
		const without = new ActiveTrigger(sim, {
			...eventParameters(sim).newNote,
			keyword: 'globex',
			options: { lookBackMinutes: 0 },
		});
		const triggers = [withMargin, without];
		for (const trigger of triggers) expect((await trigger.poll()).items).toBeNull();
		sim.clock.advance(HOUR);
		// Written 30 minutes ago, listed 30 minutes from now: after the next poll.
		const writtenAt = sim.clock.now() - 30 * MINUTE;
		for (const list of ['notes:acme', 'notes:globex'])
			sim.dataset.spike(list, 1, 0, { writtenAt, lateByMs: HOUR });
		const [acme, globex] = [notesOf(sim, 'acme'), notesOf(sim, 'globex')];
		for (const trigger of triggers) expect(await trigger.poll()).toMatchObject({ calls: 1 });

		sim.clock.advance(HOUR);
		const acmeNow = notesOf(sim, 'acme');
		const late = acmeNow.find((item) => item.time === writtenAt / 1000)!;
		expect(acmeNow.indexOf(late)).toBeGreaterThan(acmeNow.indexOf(acme[0]));
		const found = await withMargin.poll();
		expect(idsOf(found)).toEqual([...acmeNow.slice(0, 6), late].map((item) => item.id).reverse());
		expect(found.calls).toBe(lookBackCalls(acmeNow, acme[0].time));
		expect(found.calls).toBe(2);
		const globexNow = notesOf(sim, 'globex');
		const missed = await without.poll();
		expect(idsOf(missed)).toEqual(
			globexNow
				.slice(0, 6)
				.map((item) => item.id)
				.reverse(),
		);
		expect(missed.calls).toBe(1);
		expect(globexNow.slice(6).map((item) => item.id)).toContain(
			globexNow.find((item) => item.time === writtenAt / 1000)!.id,
		);
		expect(globex[0].time).toBeGreaterThan(writtenAt / 1000);

		sim.clock.advance(HOUR);
		const next = await withMargin.poll();
		expect(idsOf(next)).toEqual(
			notesOf(sim, 'acme')
				.slice(0, 6)
				.map((item) => item.id)
				.reverse(),
		);
		expect(idsOf(next)).not.toContain(late.id);
	});

	test('"Start From Now" remembers the first page; items below it, inside the margin, are not emitted as new later', async () => {
		const trigger = new ActiveTrigger(sim, { ...eventParameters(sim).newNote, keyword: 'initech' });
		sim.clock.advance(3 * HOUR);
		// 18 posts of the last 3 hours: the first page holds 10, the margin reaches below it.
		expect(await trigger.poll()).toMatchObject({ items: null, calls: 1 });
		sim.clock.advance(EVERY_MS);
		const next = await trigger.poll();
		expect(idsOf(next)).toEqual([notesOf(sim, 'initech')[0].id]);
		// The new item and the nine below it fill page one; page two shows the oldest of the first
		// poll's page, where the walk stops.
		expect(next.calls).toBe(2);
	});

	test('offered for the events on a search’s list only, default 120 minutes; a negative margin is refused before any call', async () => {
		const collections = new SocialDataTrigger().description.properties.filter(
			(property) => property.name === 'options',
		);
		const offeredFor = collections
			.filter((property) =>
				(property.options as INodeProperties[]).some(
					(option) => option.name === 'lookBackMinutes' && option.default === MARGIN_MINUTES,
				),
			)
			.flatMap((property) => property.displayOptions?.show?.event ?? []);
		expect([...offeredFor].sort()).toEqual([
			'newDouyinSearchResult',
			'newDouyinVideoSearchResult',
			'newNote',
			'newSearchResult',
			'newVideoSearchResult',
		]);

		const refused = await new ActiveTrigger(sim, {
			...eventParameters(sim).newNote,
			options: { lookBackMinutes: -5 },
		}).poll();
		expect(refused.error?.message).toMatch(/lookBackMinutes.*Look-Back Margin.*0 or more; got -5/);
		expect(refused.calls).toBe(0);
	});
});

describe('Social Data Trigger › Look-Back Margin: a day of hourly polls while 20% of the posts are listed 30–90 minutes late', () => {
	let sim: Simulator;
	useArrivingSimulator((started) => (sim = started), {
		arrivalEveryMs: EVERY_MS,
		lateIndex: { share: 0.2, minMs: 30 * MINUTE, maxMs: 90 * MINUTE },
	});

	test('every item is emitted once and none is missed, each poll within the default budget', async () => {
		const facts = EVENT_FACTS.newVideoSearchResult;
		const trigger = new ActiveTrigger(sim, eventParameters(sim).newVideoSearchResult);
		const listed = () =>
			sim.dataset
				.searchVideoHits(sim.dataset.ids.keyword, { sort: 'latest' })
				.map((hit) => ({ id: String(hit.docID), time: hit.dateTime }));
		await trigger.poll();
		const before = new Set(listed().map((item) => item.id));
		const emitted: string[] = [];
		for (let hour = 1; hour <= 24; hour++) {
			const newestSeen = listed()[0].time;
			sim.clock.advance(HOUR);
			const poll = await trigger.poll();
			expect(poll.error).toBeUndefined();
			expect(poll.calls).toBe(lookBackCalls(listed(), newestSeen));
			expect(poll.logs.filter((line) => line.level === 'warn')).toEqual([]);
			emitted.push(...jsonOf(poll).map((json) => String(facts.idOf(json))));
		}
		expect(new Set(emitted).size).toBe(emitted.length);
		const arrived = listed().filter((item) => !before.has(item.id));
		expect([...emitted].sort()).toEqual(arrived.map((item) => item.id).sort());
		expect(arrived.length).toBeGreaterThan(24 * 5);
	});
});
