import {
	WINDOW_LIMIT,
	knownIds,
	rememberWindow,
	windowStart,
	withWindow,
} from '../../nodes/SocialData/newOnly/lookBack';
import type { ListedRecord } from '../../nodes/SocialData/newOnly/listing';
import type { TriggerState } from '../../nodes/SocialData/newOnly/seenMemory';

// The Look-Back Margin's memory on its own: what a walk knows, where it stops, what it keeps.

const T = 1_750_000_000;
const record = (id: string, time: number, pinned = false): ListedRecord => ({
	json: {},
	id,
	time,
	pinned,
});

test('a memory without a window (an earlier version, or a margin of 0) looks back no further than its newest record, once', () => {
	const earlier: TriggerState = { query: 'q', newest: { id: 'a', time: T }, seen: ['z', 'a'] };
	expect(windowStart(earlier, 120)).toBeUndefined();
	const migrated = withWindow(earlier, 120);
	expect(migrated).toMatchObject({ window: {}, floor: T });
	expect(windowStart(migrated, 120)).toBe(T);
	expect(withWindow(earlier, 0)).toBe(earlier);
	expect([...knownIds(migrated)].sort()).toEqual(['a', 'z']);
});

test('the window keeps what was output inside the margin below the newest record, pruned by time; the floor follows', () => {
	const state: TriggerState = {
		query: 'q',
		seen: [],
		window: { old: T - 3 * 3600, edge: T - 7200 },
		floor: T - 4 * 3600,
	};
	const next = rememberWindow(
		state,
		[record('new', T), record('top', T, true)],
		{ id: 'new', time: T },
		120,
	);
	expect(next).toEqual({ window: { edge: T - 7200, new: T }, floor: T - 7200 });
	// A cut walk that still has to read down to an earlier start keeps the window from there.
	const pending = rememberWindow(state, [record('new', T)], { id: 'new', time: T }, 120, {
		pendingStart: T - 3 * 3600,
	});
	expect(pending).toEqual({
		window: { old: T - 3 * 3600, edge: T - 7200, new: T },
		floor: T - 3 * 3600,
	});
	// Milliseconds are recognised as such.
	const ms = rememberWindow(
		{ query: 'q', seen: [] },
		[record('m', T * 1000)],
		{ id: 'm', time: T * 1000 },
		120,
	);
	expect(ms.floor).toBe(T * 1000 - 7_200_000);
	expect(rememberWindow(state, [record('new', T)], { id: 'new', time: T }, 0)).toEqual({});
});

test(`bounded: past ${WINDOW_LIMIT} ids the oldest give way and the floor rises above them`, () => {
	const burst = Array.from({ length: WINDOW_LIMIT + 10 }, (_, i) => record(`r${i}`, T - i));
	const next = rememberWindow({ query: 'q', seen: [] }, burst, { id: 'r0', time: T }, 120);
	expect(Object.keys(next.window!)).toHaveLength(WINDOW_LIMIT);
	expect(next.floor).toBe(T - WINDOW_LIMIT + 1);
	const kept = withWindow({ query: 'q', seen: [], newest: { id: 'r0', time: T }, ...next }, 120);
	expect(windowStart(kept, 120)).toBe(T - WINDOW_LIMIT + 1);
});
