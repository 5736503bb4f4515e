import type { Simulator } from '../../../simulator';
import {
	ActiveTrigger,
	EVENT_FACTS,
	eventParameters,
	expectedCalls,
	jsonOf,
	PAGE_SIZE,
	useArrivingSimulator,
} from './setup';

// More new records than one page holds: the walk goes on page by page to the first record seen
// before and stops there. Calls per poll = pages holding new records, plus one when the last new
// record ends a page (the next page shows the boundary).

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

describe.each(['newChannelVideo', 'newNote', 'newArticleComment'])('event %s', (event) => {
	const facts = EVENT_FACTS[event];

	test.each([1, PAGE_SIZE, 2 * PAGE_SIZE, 25])(
		'%i new records in one poll: all of them, in as many calls as pages hold them (+1 for the boundary)',
		async (fresh) => {
			const trigger = new ActiveTrigger(sim, eventParameters(sim)[event]);
			await trigger.poll();
			await trigger.arrive(fresh);

			const poll = await trigger.poll();
			expect(poll.error).toBeUndefined();
			expect(poll.calls).toBe(expectedCalls(fresh));
			const ids = jsonOf(poll).map((json) => String(facts.idOf(json)));
			expect(ids).toEqual(facts.newest(sim, fresh).reverse());
		},
	);
});

test('a burst of 95 new records fits the default Credit Budget per Poll (1 credit = 10 calls) exactly', async () => {
	const trigger = new ActiveTrigger(sim, eventParameters(sim).newVideoComment);
	await trigger.poll();
	await trigger.arrive(95);
	const poll = await trigger.poll();
	expect(poll.calls).toBe(10);
	expect(poll.items).toHaveLength(95);
	expect(poll.logs.filter((line) => line.level === 'warn')).toEqual([]);
});
