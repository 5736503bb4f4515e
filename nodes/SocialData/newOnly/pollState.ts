import { GatewayError } from '../../shared/transport/errors';
import type { ListedRecord, Listing, Verdict, WalkOutcome } from './listing';
import type { Backlog, Mark, TriggerState } from './seenMemory';
import { rememberSeen } from './seenMemory';
import type { WalkAllowance, WalkLimit } from './pollAllowance';
import {
	isSettled,
	knownIds,
	rememberWindow,
	settledTime,
	windowStart,
	withWindow,
} from './lookBack';

/** What the first poll does: remember what exists now, or emit the latest records. */
export type FirstPoll = 'startFromNow' | 'emitLatest';

/** What one poll found: new records oldest first, the memory to keep, and which limit, if any, cut it short. */
export interface PollOutcome {
	emitted: ListedRecord[];
	state: TriggerState;
	calls: number;
	/** Set when a backlog is left for the next poll. */
	cutBy?: WalkLimit;
	/** Set when a limit ended the look-back below the newest record seen before: nothing new above it was left. */
	lookBackCutBy?: WalkLimit;
	/** Set when the last walk ended at a record seen before (not at the list's end or a limit). */
	reachedBoundary?: boolean;
	/** A list by popularity: its first page reported the count remembered, so no other page was read. */
	sameTotal?: boolean;
}

const markOf = (records: ListedRecord[]): Mark | undefined => {
	const newest = records.find((record) => !record.pinned);
	return newest && { id: newest.id, ...(newest.time === undefined ? {} : { time: newest.time }) };
};

const olderThan = (record: ListedRecord, mark: Mark | undefined) =>
	mark?.time !== undefined && record.time !== undefined && record.time < mark.time;

/** Oldest first: lists are read newest first, downstream nodes see items in the order they appeared. */
const chronological = (records: ListedRecord[]) => [...records].reverse();

/**
 * The first poll: "start from now" reads the first page only to remember it; "emit the latest"
 * reads until it has `latestCount` records (within the allowance) and emits them.
 */
export async function firstPoll(
	listing: Listing,
	query: string,
	how: FirstPoll,
	latestCount: number,
	allowance: WalkAllowance,
	lookBackMinutes: number,
): Promise<PollOutcome> {
	const wanted = how === 'emitLatest' ? latestCount : 0;
	// Every record of the pages read is remembered, also those past the ones emitted.
	const judge = (_: ListedRecord, found: ListedRecord[]): Verdict =>
		found.length < wanted ? 'new' : 'skip';
	// With nothing wanted, the first page is enough.
	const walk = await listing.walk(
		listing.firstRequest(),
		judge,
		allowance,
		(found) => found.length >= wanted,
	);
	const newest = markOf(walk.read);
	const state: TriggerState = { query, newest, seen: [] };
	// Below the records read, nothing is known: older ones (also late ones) are not new.
	const times = walk.read.flatMap((record) =>
		record.pinned || record.time === undefined ? [] : [record.time],
	);
	const oldestRead = times.length ? Math.min(...times) : undefined;
	return {
		emitted: chronological(walk.found),
		state: {
			...state,
			seen: rememberSeen(
				[],
				chronological(walk.read).map((record) => record.id),
			),
			...rememberWindow(state, walk.read, newest, lookBackMinutes, {
				...(oldestRead === undefined ? {} : { atLeast: oldestRead + 1 }),
			}),
		},
		calls: walk.calls,
	};
}

/** The service refused a saved position (an expired cursor or search session): unbilled, and not the key or the rate. */
const refusedPosition = (error: unknown) =>
	error instanceof GatewayError &&
	error.details.kind === 'http' &&
	[400, 404, 410, 422].includes(error.details.status ?? 0);

/**
 * Reads on from where a cut poll stopped. Should the service refuse that position by now, the
 * backlog is read from the newest page instead, down to the same mark: records emitted since are
 * passed over, so this costs pages, never a duplicate or a loss.
 */
async function readBacklog(
	listing: Listing,
	backlog: Backlog,
	judge: (record: ListedRecord) => Verdict,
	allowance: WalkAllowance,
): Promise<WalkOutcome> {
	let failure: unknown;
	try {
		return await listing.walk(backlog.request, judge, allowance);
	} catch (error) {
		failure = error;
	}
	if (!refusedPosition(failure)) throw failure;
	return await listing.walk(listing.firstRequest(), judge, allowance);
}

/**
 * What a walk does with a record: a record pinned on top is new unless known. With a Look-Back
 * Margin (`start`) the walk passes over known records and stops at the first published before
 * `start`, or, from `mark` down, where the list is settled by n8n's clock (`settled`, see
 * lookBack.ts). Without one, a
 * walk from the newest page stops at the first known record or one older than `mark`; a backlog
 * passes over known records down to `mark` itself.
 */
function boundaryJudge(
	known: Set<string>,
	mark: Mark | undefined,
	start: number | undefined,
	backlog = false,
	settled?: number,
) {
	let belowMark = false;
	return (record: ListedRecord): Verdict => {
		if (record.pinned) return known.has(record.id) ? 'skip' : 'new';
		belowMark ||= !!mark && (record.id === mark.id || olderThan(record, mark));
		if (start !== undefined && record.time !== undefined) {
			if (record.time < start || (belowMark && isSettled(record.time, settled))) return 'stop';
			return known.has(record.id) ? 'skip' : 'new';
		}
		if (mark && (record.id === mark.id || olderThan(record, mark))) return 'stop';
		if (known.has(record.id)) return backlog ? 'skip' : 'stop';
		return 'new';
	};
}

/**
 * A walk a limit cut after it passed `mark` has output every record published after it: only the
 * look-back below is unfinished. No backlog then (the next walk reads the margin from the top
 * again anyway), so a margin wider than the budget never keeps every walk cut.
 */
const passedMark = (walk: WalkOutcome, mark: Mark | undefined) =>
	!!mark &&
	walk.read.some((record) => !record.pinned && (record.id === mark.id || olderThan(record, mark)));

/**
 * A later poll. A backlog left by a poll the budget cut short is finished first, down to where
 * that poll would have stopped; then the list is read from its newest page until the first record
 * seen before (or older than the newest one seen), or, with a Look-Back Margin, until the first
 * record published more than the margin before the newest one seen, or, given n8n's time of this
 * poll (`now`, epoch ms), where the list is settled. Only pages holding new records (or records
 * inside the margin) are billed, plus the one that shows the boundary.
 */
export async function nextPoll(
	listing: Listing,
	stored: TriggerState,
	allowance: WalkAllowance,
	lookBackMinutes: number,
	now?: number,
): Promise<PollOutcome> {
	const state = withWindow(stored, lookBackMinutes);
	const known = knownIds(state);
	const emitted: ListedRecord[] = [];
	let calls = 0;
	let backlog: Backlog | undefined = state.backlog;
	let newest = state.newest;
	let reachedBoundary: boolean | undefined;
	let lookBackCut = false;
	// Set when this poll read the list from its newest page down to where it stops.
	let walkedAt: number | undefined;
	const read = (walk: WalkOutcome) => {
		calls += walk.calls;
		reachedBoundary = walk.reachedBoundary;
		emitted.push(...chronological(walk.found));
		for (const record of walk.found) known.add(record.id);
	};

	if (backlog) {
		const { floor, start } = backlog;
		const judge = boundaryJudge(
			known,
			floor,
			start === undefined ? undefined : Math.max(start, state.floor ?? -Infinity),
			true,
		);
		const walk = await readBacklog(listing, backlog, judge, allowance);
		read(walk);
		lookBackCut = !!walk.unread && start !== undefined && passedMark(walk, floor);
		backlog = walk.unread && !lookBackCut ? { ...backlog, request: walk.unread } : undefined;
	}

	if (!backlog && !lookBackCut && allowance.mayFetch()) {
		const start = windowStart(state, lookBackMinutes);
		const settled = now === undefined ? undefined : settledTime(state, lookBackMinutes, now);
		const walk = await listing.walk(
			listing.firstRequest(),
			boundaryJudge(known, state.newest, start, false, settled),
			allowance,
		);
		read(walk);
		if (!walk.unread) walkedAt = now;
		lookBackCut = !!walk.unread && start !== undefined && passedMark(walk, state.newest);
		if (walk.unread && !lookBackCut)
			backlog = {
				request: walk.unread,
				...(state.newest ? { floor: state.newest } : {}),
				...(start === undefined ? {} : { start }),
			};
		newest = markOf(walk.read) ?? newest;
	}

	return {
		emitted,
		state: {
			query: state.query,
			...(newest ? { newest } : {}),
			seen: rememberSeen(
				state.seen,
				emitted.map((record) => record.id),
			),
			...rememberWindow(state, emitted, newest, lookBackMinutes, {
				pendingStart: backlog?.start,
			}),
			...walkTime(lookBackMinutes, walkedAt ?? state.walkedAt),
			...(backlog ? { backlog } : {}),
		},
		calls,
		...(backlog ? { cutBy: allowance.stoppedBy } : {}),
		...(lookBackCut ? { lookBackCutBy: allowance.stoppedBy } : {}),
		...(reachedBoundary ? { reachedBoundary } : {}),
	};
}

/** The walk time a memory keeps: only with a Look-Back Margin, so a memory without one stays as earlier versions wrote it. */
const walkTime = (lookBackMinutes: number, walkedAt: number | undefined) =>
	lookBackMinutes > 0 && walkedAt !== undefined ? { walkedAt } : {};

/**
 * A first walk with no memory that wants the whole list: every record it reads is new. Cut short by
 * the allowance, it leaves a backlog without a floor, which the next walk reads to the list's end
 * before it looks at the newest page again.
 */
export async function readWholeList(
	listing: Listing,
	query: string,
	allowance: WalkAllowance,
	lookBackMinutes: number,
	now?: number,
): Promise<PollOutcome> {
	const walk = await listing.walk(listing.firstRequest(), () => 'new', allowance);
	const emitted = chronological(walk.found);
	const newest = markOf(walk.read);
	return {
		emitted,
		state: {
			query,
			...(newest ? { newest } : {}),
			seen: rememberSeen(
				[],
				emitted.map((record) => record.id),
			),
			...rememberWindow({ query, seen: [] }, walk.found, newest, lookBackMinutes),
			...walkTime(lookBackMinutes, walk.unread ? undefined : now),
			...(walk.unread ? { backlog: { request: walk.unread } } : {}),
		},
		calls: walk.calls,
		...(walk.unread ? { cutBy: allowance.stoppedBy } : {}),
	};
}
