import type { NewestFirstDescriptor, WatchedListDescriptor } from '../descriptor';
import type { ListedRecord } from './listing';
import type { Mark, TriggerState } from './seenMemory';

/**
 * The Look-Back Margin: a search lists posts by publish time, and indexes some of them late, so a
 * late post appears below records already seen. A walk with a margin reads on past the newest
 * record an earlier walk saw, down to the first record published more than the margin before it,
 * passing over what it output before. For that the memory keeps the id and publish time of every
 * record output inside the margin (the window), and the time below which nothing is new (the floor).
 *
 * By n8n's clock the walk stops sooner. The memory also keeps when the last walk that read the list
 * from its newest page down to where it stopped began (`walkedAt`, epoch ms): every record the
 * search listed then is known. The margin says a post appears in the list at most that long after
 * its publish time. So a post published at or before `walkedAt` − margin was listed when that walk
 * read the list, and found then; a post that is new now was listed later, so it was published after
 * `walkedAt` − margin. Below that time the list is settled: what the search has shown for a full
 * margin holds nothing new, and the walk stops at its first record (see `settledTime`). A walk a
 * limit cuts keeps the time of the last full one. Without `walkedAt` (an earlier version's memory,
 * or a first walk a limit cut) the publish-time rule above holds.
 */

/** The margin to walk with: only a search's list, whose records carry a publish time, is indexed late. */
export function lookBackFor(
	list: WatchedListDescriptor & Pick<NewestFirstDescriptor, 'searchIndex'>,
	minutes: number,
): number {
	return list.searchIndex && list.time ? minutes : 0;
}

/** The most records a window holds; past it the oldest give way and the floor rises above them. */
export const WINDOW_LIMIT = 1000;

/** Creation times are epoch seconds, or milliseconds where they are this large. */
const MILLISECONDS_FROM = 1e11;

/** `minutes` in the unit of `time` (epoch seconds or milliseconds). */
function minutesIn(time: number, minutes: number): number {
	return minutes * (time >= MILLISECONDS_FROM ? 60_000 : 60);
}

/**
 * The memory a walk with a margin reads. A memory written without one (an earlier version, or the
 * margin was 0) knows no window: it looks back no further than its newest record this once, as
 * the walk that wrote it did, so nothing it output comes out again.
 */
export function withWindow(state: TriggerState, minutes: number): TriggerState {
	if (minutes <= 0 || state.window || state.newest?.time === undefined) return state;
	return { ...state, window: {}, floor: state.newest.time };
}

/** Where a walk from the newest page stops: at the first record published before this time. */
export function windowStart(state: TriggerState, minutes: number): number | undefined {
	const newest = state.newest?.time;
	if (minutes <= 0 || newest === undefined || !state.window) return undefined;
	return Math.max(state.floor ?? -Infinity, newest - minutesIn(newest, minutes));
}

/** Epoch ms in the unit of `time` (epoch seconds or milliseconds). */
function clockIn(time: number, epochMs: number): number {
	return time >= MILLISECONDS_FROM ? epochMs : epochMs / 1000;
}

/**
 * Where the list is settled by n8n's clock: a walk from the newest page also stops at the first
 * record published at or before this time (see the comment at the top), in the list's unit; none
 * without a walk time to count from. A walk time after `now` (a clock set back) is not trusted.
 */
export function settledTime(state: TriggerState, minutes: number, now: number): number | undefined {
	const newest = state.newest?.time;
	const walkedAt = state.walkedAt;
	if (minutes <= 0 || newest === undefined || !state.window) return undefined;
	if (walkedAt === undefined || walkedAt > now) return undefined;
	return clockIn(newest, walkedAt) - minutesIn(newest, minutes);
}

/**
 * Whether a walk from the newest page stops at a record published at `time`, below the newest
 * record seen, because the list is settled there. Only below it: should n8n's clock run ahead of
 * the platform's, the walk still reads everything newer, as a walk without a margin does.
 */
export const isSettled = (time: number, settled: number | undefined) =>
	settled !== undefined && time <= settled;

/** Ids a walk passes over: the last ones output, and every one output inside the window. */
export function knownIds(state: TriggerState): Set<string> {
	return new Set([...state.seen, ...Object.keys(state.window ?? {})]);
}

/**
 * The window and floor after a walk: the records it output (or, on a first poll, read) added, those
 * published before the new floor dropped. The floor is the margin below the newest record, or lower
 * while a cut walk (`pendingStart`) still has to read down to there, or higher when `atLeast` says
 * the memory knows nothing below (a first poll read only the newest page).
 */
export function rememberWindow(
	state: TriggerState,
	records: ListedRecord[],
	newest: Mark | undefined,
	minutes: number,
	bounds: { pendingStart?: number; atLeast?: number } = {},
): Pick<TriggerState, 'window' | 'floor'> {
	if (minutes <= 0 || newest?.time === undefined) return {};
	const start = newest.time - minutesIn(newest.time, minutes);
	let floor = Math.max(
		state.floor ?? -Infinity,
		bounds.atLeast ?? -Infinity,
		Math.min(start, bounds.pendingStart ?? start),
	);
	const entries = Object.entries(state.window ?? {});
	for (const record of records)
		if (record.time !== undefined && !record.pinned) entries.push([record.id, record.time]);
	const inside = entries.filter(([, time]) => time >= floor).sort((a, b) => b[1] - a[1]);
	if (inside.length > WINDOW_LIMIT) floor = Math.max(floor, inside[WINDOW_LIMIT][1] + 1);
	return {
		window: Object.fromEntries(inside.filter(([, time]) => time >= floor)),
		floor,
	};
}
