import type { Simulator } from '../../../simulator';
import type { TriggerPoll } from './setup';
import {
	ActiveTrigger,
	EVENT_FACTS,
	PAGE_SIZE,
	eventParameters,
	jsonOf,
	useArrivingSimulator,
} from './setup';

// n8n 2.41 gives a poll a time budget (`getPollBudgetMs()`) and abandons a poll that outlives its
// tick, with its items and memory. Against a slow service the trigger stops starting pages while
// the budget still covers the slowest one, emits what it read and keeps where it stopped, so the
// next polls finish the walk: every record once, also while more arrive in between.

const BUDGET_MS = 5_000;
const PAGE_DELAY_MS = 400;
// Enough credits for any walk here: time is what cuts it.
const CREDITS = { creditBudget: 10 };

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

beforeEach(() => sim.faults.setRate({ rate: 1, kinds: [{ delayMs: PAGE_DELAY_MS }] }));
afterEach(() => sim.faults.clear());

async function timedPoll(trigger: ActiveTrigger): Promise<TriggerPoll & { ms: number }> {
	const started = performance.now();
	const poll = await trigger.poll();
	return { ...poll, ms: performance.now() - started };
}

const warnedOfPollBudget = (poll: TriggerPoll) =>
	poll.logs.some((line) => line.level === 'warn' && line.message.includes("n8n's poll budget"));

describe.each(['newNote', 'newVideoComment'])('event %s', (event) => {
	const facts = EVENT_FACTS[event];

	test('a walk longer than the poll budget ends in time and the next polls finish it: every record once', async () => {
		const trigger = new ActiveTrigger(
			sim,
			{ ...eventParameters(sim)[event], options: CREDITS },
			BUDGET_MS,
		);
		await trigger.poll();
		// 150 new records are 16 pages: at least 6.4 s at 400 ms a page, more than one budget.
		await trigger.arrive(150);

		const polls = [await timedPoll(trigger)];
		await trigger.arrive(5);
		while (polls.length < 10 && polls.at(-1)!.items !== null) polls.push(await timedPoll(trigger));

		for (const poll of polls) {
			expect(poll.error).toBeUndefined();
			expect(poll.ms).toBeLessThan(BUDGET_MS);
		}
		expect(polls.at(-1)!.items).toBeNull();
		expect(polls[0].calls).toBeGreaterThan(1);
		expect(polls[0].calls).toBeLessThan(150 / PAGE_SIZE);
		expect(warnedOfPollBudget(polls[0])).toBe(true);

		const emitted = polls.flatMap((poll) => jsonOf(poll).map((json) => String(facts.idOf(json))));
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual(facts.newest(sim, 155).sort());
		// Resuming costs no page twice, beyond one look at the newest page per poll.
		const calls = polls.reduce((sum, poll) => sum + poll.calls, 0);
		expect(calls).toBeLessThanOrEqual(Math.ceil(155 / PAGE_SIZE) + polls.length);
	}, 60_000);
});

test('an engine without a poll budget (before n8n 2.41): the Credit Budget alone bounds the walk', async () => {
	const facts = EVENT_FACTS.newNote;
	const trigger = new ActiveTrigger(
		sim,
		{ ...eventParameters(sim).newNote, options: { creditBudget: 0.6 } },
		null,
	);
	await trigger.poll();
	await trigger.arrive(45);

	const poll = await timedPoll(trigger);
	expect(poll.error).toBeUndefined();
	expect(poll.calls).toBe(5);
	expect(warnedOfPollBudget(poll)).toBe(false);
	expect(jsonOf(poll).map((json) => String(facts.idOf(json)))).toEqual(
		facts.newest(sim, 45).reverse(),
	);
}, 30_000);
