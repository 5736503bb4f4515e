import {
	WINDOW_LIMIT,
	isSettled,
	knownIds,
	rememberWindow,
	settledTime,
	windowStart,
	withWindow,
} from '../../nodes/SocialData/newOnly/lookBack';
import { readCarriedMemory } from '../../nodes/SocialData/newOnly/carriedMemory';
import { nodeOptionValues } from '../../nodes/SocialData/editor/nodeOptions';
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

describe("by n8n's clock: where the list is settled", () => {
	const HOUR_MS = 3_600_000;
	/** The last full walk began an hour after the newest record it saw was published. */
	const walkedAt = (T + 3600) * 1000;
	const state: TriggerState = {
		query: 'q',
		seen: [],
		newest: { id: 'n', time: T },
		window: {},
		floor: T - 7200,
		walkedAt,
	};

	test('the margin before the last full walk began, in the list’s unit', () => {
		expect(settledTime(state, 120, walkedAt + HOUR_MS)).toBe(T + 3600 - 7200);
		const ms = { ...state, newest: { id: 'n', time: T * 1000 } };
		expect(settledTime(ms, 120, walkedAt + HOUR_MS)).toBe(walkedAt - 7_200_000);
	});

	test('none without a walk time (an earlier version’s memory, a walk a limit cut), a margin, a window, or with a walk time after now', () => {
		const { walkedAt: _, ...earlier } = state;
		expect(settledTime(earlier, 120, walkedAt)).toBeUndefined();
		expect(settledTime(state, 0, walkedAt)).toBeUndefined();
		expect(settledTime({ ...state, window: undefined }, 120, walkedAt)).toBeUndefined();
		// A clock set back: the memory's time is not trusted, the publish-time rule holds alone.
		expect(settledTime(state, 120, walkedAt - 1)).toBeUndefined();
	});

	test('a record published at the settled time or before is where the list is settled', () => {
		const settled = T - 3600;
		// A post published up to a margin before the last walk was listed then: inclusive.
		expect(isSettled(settled, settled)).toBe(true);
		expect(isSettled(settled - 1, settled)).toBe(true);
		// Published after it: a post indexed late since that walk may still sit here.
		expect(isSettled(settled + 1, settled)).toBe(false);
		expect(isSettled(T - 7200, undefined)).toBe(false);
	});

	test('a carried memory with its walk time is read; one without is read as an earlier version’s; a walk time that is not a number is refused', () => {
		const options = (memory: unknown) =>
			nodeOptionValues({ walkSummary: true, onlyNewMemory: JSON.stringify(memory) });
		expect(readCarriedMemory(options(state), 'q').state).toEqual(state);
		const { walkedAt: _, ...earlier } = state;
		expect(readCarriedMemory(options(earlier), 'q').state).toEqual(earlier);
		expect(() => readCarriedMemory(options({ ...state, walkedAt: 'yesterday' }), 'q')).toThrow(
			/is not a walk memory/,
		);
	});
});
