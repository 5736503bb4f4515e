import type { Simulator } from '../../../simulator';
import { ActiveTrigger, EVENT_FACTS, eventParameters, jsonOf, useArrivingSimulator } from './setup';

// The Credit Budget per Poll caps the walk. A poll it cuts short emits what it read, says so in
// the log and keeps where it stopped: the next polls finish that backlog down to the record the
// cut poll started from, then look at the newest page again. Nothing is lost or emitted twice,
// also while more records arrive in between.

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

// An article's pinned comment takes a place on the first page, so its pages hold one new comment less.
describe.each([
	['newNote', [20, 15, 10, 5, 0]],
	['newVideoComment', [20, 15, 10, 5, 0]],
	['newArticleComment', [19, 15, 11, 5, 0]],
])('event %s', (event, counts) => {
	const facts = EVENT_FACTS[event];

	test('a poll cut short by the budget continues in the next polls: every record once, at most 2 calls each', async () => {
		const trigger = new ActiveTrigger(sim, {
			...eventParameters(sim)[event],
			options: { creditBudget: 0.2 },
		});
		await trigger.poll();
		await trigger.arrive(45);

		const polls = [];
		polls.push(await trigger.poll());
		// Five more arrive while the backlog is being read: they shift every page down by five.
		await trigger.arrive(5);
		for (let i = 0; i < 4; i++) polls.push(await trigger.poll());

		for (const poll of polls) expect(poll.error).toBeUndefined();
		expect(polls.map((poll) => poll.calls)).toEqual([2, 2, 2, 1, 1]);
		expect(polls.map((poll) => (poll.items ?? []).length)).toEqual(counts);
		expect(polls[4].items).toBeNull();

		const cutWarnings = polls.map((poll) =>
			poll.logs.some(
				(line) => line.level === 'warn' && line.message.includes('Credit Budget per Poll'),
			),
		);
		expect(cutWarnings).toEqual([true, true, false, false, false]);

		const emitted = polls.flatMap((poll) => jsonOf(poll).map((json) => String(facts.idOf(json))));
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual(facts.newest(sim, 50).sort());
		// The first poll emitted the newest of the 45 (after them came the 5 that arrived later), oldest first.
		expect(jsonOf(polls[0]).map((json) => String(facts.idOf(json)))).toEqual(
			facts
				.newest(sim, 50)
				.slice(5, 5 + counts[0])
				.reverse(),
		);
	});
});

test('a budget below the price of one call is refused before any call', async () => {
	const trigger = new ActiveTrigger(sim, {
		...eventParameters(sim).newNote,
		options: { creditBudget: 0.05 },
	});
	const poll = await trigger.poll();
	expect(poll.error?.message).toMatch(
		/^Field "creditBudget" \(Credit Budget per Poll\) must allow at least one call \(0\.1 credits\); got 0\.05 \(item 0\)$/,
	);
	expect(poll.calls).toBe(0);
});

test('a saved position the service no longer accepts: the backlog is read from the newest page instead, nothing lost or repeated', async () => {
	const facts = EVENT_FACTS.newVideoComment;
	const trigger = new ActiveTrigger(sim, {
		...eventParameters(sim).newVideoComment,
		options: { creditBudget: 0.2 },
	});
	await trigger.poll();
	await trigger.arrive(35);
	const first = await trigger.poll();
	expect(first.items).toHaveLength(20);

	// As if the cursor had expired while it waited in the database.
	const memory = trigger.staticData['node:Social Data Trigger'] as {
		socialDataTrigger: { backlog: { request: Record<string, unknown> } };
	};
	memory.socialDataTrigger.backlog.request.last_buffer = 'ZXhwaXJlZA';
	const polls = [first];
	for (let i = 0; i < 3; i++) polls.push(await trigger.poll());

	for (const poll of polls) expect(poll.error).toBeUndefined();
	const refused = sim.requests.filter(
		(request) =>
			(request.input as { last_buffer?: string } | undefined)?.last_buffer === 'ZXhwaXJlZA',
	);
	expect(refused.map((request) => request.status)).toEqual([400]);
	const emitted = polls.flatMap((poll) => jsonOf(poll).map((json) => String(facts.idOf(json))));
	expect(new Set(emitted).size).toBe(emitted.length);
	expect([...emitted].sort()).toEqual(facts.newest(sim, 35).sort());
	expect(polls.at(-1)!.items).toBeNull();
});
