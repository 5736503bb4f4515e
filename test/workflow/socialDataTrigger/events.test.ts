import type { Simulator } from '../../../simulator';
import {
	ActiveTrigger,
	EVENT_FACTS,
	eventParameters,
	expectedCalls,
	jsonOf,
	useArrivingSimulator,
} from './setup';

// Every event, polled across simulated time with records arriving between polls: each new record
// comes out exactly once, oldest first, and a poll pays only for the pages holding new records
// plus the one that shows the boundary.

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

describe.each(Object.keys(EVENT_FACTS))('event %s', (event) => {
	const facts = EVENT_FACTS[event];

	test('emits each new record exactly once across polls, oldest first, paying only for new pages', async () => {
		const trigger = new ActiveTrigger(sim, eventParameters(sim)[event]);
		const emitted: string[] = [];

		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first).toMatchObject({ items: null, calls: 1 });

		await trigger.arrive(3);
		const three = await trigger.poll();
		expect(three.error).toBeUndefined();
		expect(three.calls).toBe(1);
		const threeIds = jsonOf(three).map((json) => facts.idOf(json));
		expect(threeIds).toEqual(facts.newest(sim, 3).reverse());
		emitted.push(...(threeIds as string[]));

		const nothing = await trigger.poll();
		expect(nothing).toMatchObject({ items: null, calls: 1 });

		const more = facts.paged ? 12 : 4;
		await trigger.arrive(more);
		const next = await trigger.poll();
		expect(next.error).toBeUndefined();
		expect(next.calls).toBe(facts.paged ? expectedCalls(more) : 1);
		const nextJson = jsonOf(next);
		emitted.push(...(nextJson.map((json) => facts.idOf(json)) as string[]));
		if (facts.timeOf) {
			const times = nextJson.map((json) => facts.timeOf!(json));
			expect(times).toEqual([...times].sort((a, b) => a - b));
		}

		// 64-bit ids come out as strings, digit for digit.
		for (const id of emitted) expect(typeof id).toBe('string');
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual(facts.newest(sim, 3 + more).sort());
	});
});
