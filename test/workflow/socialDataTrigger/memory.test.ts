import type { Simulator } from '../../../simulator';
import { SEEN_LIMIT } from '../../../nodes/SocialData/newOnly/seenMemory';
import { ActiveTrigger, EVENT_FACTS, eventParameters, jsonOf, useArrivingSimulator } from './setup';

// The memory lives in the workflow's static data, which n8n saves in its database with the
// workflow: it must stay small and plain JSON however long the trigger runs.

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

test('after 60 polls and 1,200 new comments the memory holds at most SEEN_LIMIT ids and stays under 25 kB', async () => {
	const facts = EVENT_FACTS.newVideoComment;
	const trigger = new ActiveTrigger(sim, eventParameters(sim).newVideoComment);
	await trigger.poll();
	const sizes: number[] = [];
	const emitted = new Set<string>();
	let total = 0;
	for (let poll = 0; poll < 60; poll++) {
		await trigger.arrive(20);
		const result = await trigger.poll();
		expect(result.error).toBeUndefined();
		for (const json of jsonOf(result)) emitted.add(String(facts.idOf(json)));
		total += (result.items ?? []).length;
		sizes.push(JSON.stringify(trigger.staticData).length);
	}
	expect(total).toBe(1_200);
	expect(emitted.size).toBe(1_200);
	const memory = (
		trigger.staticData['node:Social Data Trigger'] as { socialDataTrigger: { seen: string[] } }
	).socialDataTrigger;
	expect(memory.seen.length).toBe(SEEN_LIMIT);
	expect(Math.max(...sizes)).toBeLessThan(25_000);
	// Bounded: the last 30 polls all keep the same size, whatever came before.
	expect(new Set(sizes.slice(30)).size).toBe(1);
	console.log(
		`trigger memory after 60 polls: ${sizes.at(-1)} bytes of JSON, ${memory.seen.length} ids`,
	);
}, 60_000);
