import { GatewayError } from '../../shared/transport/errors';
import type { ListedRecord, Listing, Verdict, WalkOutcome } from './listing';
import type { Backlog, Mark, TriggerState } from './seenMemory';
import { rememberSeen } from './seenMemory';
import type { FirstPoll } from '../trigger/options';
import type { WalkAllowance, WalkLimit } from './pollAllowance';

/** What one poll found: new records oldest first, the memory to keep, and which limit, if any, cut it short. */
export interface PollOutcome {
	emitted: ListedRecord[];
	state: TriggerState;
	calls: number;
	/** Set when a backlog is left for the next poll. */
	cutBy?: WalkLimit;
	/** Set when the last walk ended at a record seen before (not at the list's end or a limit). */
	reachedBoundary?: boolean;
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
	return {
		emitted: chronological(walk.found),
		state: {
			query,
			newest: markOf(walk.read),
			seen: rememberSeen(
				[],
				chronological(walk.read).map((record) => record.id),
			),
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
 * A later poll. A backlog left by a poll the budget cut short is finished first, down to the mark
 * that poll started from; then the list is read from its newest page until the first record seen
 * before (or older than the newest one seen). Only pages holding new records are billed, plus the
 * one that shows the boundary.
 */
export async function nextPoll(
	listing: Listing,
	state: TriggerState,
	allowance: WalkAllowance,
): Promise<PollOutcome> {
	const seen = new Set(state.seen);
	const emitted: ListedRecord[] = [];
	let calls = 0;
	let backlog: Backlog | undefined = state.backlog;
	let newest = state.newest;
	let reachedBoundary: boolean | undefined;

	if (backlog) {
		const floor = backlog.floor;
		const judge = (record: ListedRecord): Verdict => {
			if (floor && (record.id === floor.id || olderThan(record, floor))) return 'stop';
			return seen.has(record.id) ? 'skip' : 'new';
		};
		const walk = await readBacklog(listing, backlog, judge, allowance);
		calls += walk.calls;
		reachedBoundary = walk.reachedBoundary;
		emitted.push(...chronological(walk.found));
		backlog = walk.unread ? { request: walk.unread, ...(floor ? { floor } : {}) } : undefined;
	}

	if (!backlog && allowance.mayFetch()) {
		const judge = (record: ListedRecord): Verdict => {
			if (record.pinned) return seen.has(record.id) ? 'skip' : 'new';
			return seen.has(record.id) || olderThan(record, state.newest) ? 'stop' : 'new';
		};
		const walk = await listing.walk(listing.firstRequest(), judge, allowance);
		calls += walk.calls;
		reachedBoundary = walk.reachedBoundary;
		emitted.push(...chronological(walk.found));
		if (walk.unread)
			backlog = { request: walk.unread, ...(state.newest ? { floor: state.newest } : {}) };
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
			...(backlog ? { backlog } : {}),
		},
		calls,
		...(backlog ? { cutBy: allowance.stoppedBy } : {}),
		...(reachedBoundary ? { reachedBoundary } : {}),
	};
}

/**
 * A first walk with no memory that wants the whole list: every record it reads is new. Cut short by
 * the allowance, it leaves a backlog without a floor, which the next walk reads to the list's end
 * before it looks at the newest page again.
 */
export async function readWholeList(
	listing: Listing,
	query: string,
	allowance: WalkAllowance,
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
			...(walk.unread ? { backlog: { request: walk.unread } } : {}),
		},
		calls: walk.calls,
		...(walk.unread ? { cutBy: allowance.stoppedBy } : {}),
	};
}
