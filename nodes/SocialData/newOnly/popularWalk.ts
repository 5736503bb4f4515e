import type { PopularFirstEndpoint } from '../descriptor';
import { firstValueAt } from '../descriptor/answerPaths';
import type { ListedRecord, Listing, Verdict, WalkOutcome } from './listing';
import type { WalkAllowance } from './pollAllowance';
import type { PollOutcome } from './pollState';
import type { Backlog, Mark, TriggerState } from './seenMemory';
import { rememberSeen } from './seenMemory';

/**
 * Only New and the trigger on a list ordered by popularity (Douyin's comments, most liked first):
 * a new record may sit on any page, so no record marks where the new ones end. The list's first
 * page reports how many records it holds (`total`). A walk reads page one; when the count is the one
 * remembered from the last complete walk, nothing was added: it stops there, after 1 call. Otherwise
 * it reads every page (within the allowance; a cut walk leaves a backlog that the next walk finishes
 * first) and outputs the records not output before: by id, and not older than the newest record the
 * last complete walk saw (the floor), so the memory keeps only the ids at and above the floor.
 */

/** What the first walk without memory outputs: every record (Only New) or the newest `count` (the trigger). */
export interface FirstWalk {
	count: number;
}

const chronological = (records: ListedRecord[]) =>
	[...records].sort((a, b) => (a.time ?? 0) - (b.time ?? 0));

function newestOf(records: ListedRecord[], before: Mark | undefined): Mark | undefined {
	let newest = before;
	for (const record of records) {
		if (record.time === undefined) continue;
		if (newest?.time === undefined || record.time > newest.time)
			newest = { id: record.id, time: record.time };
	}
	return newest;
}

const countOf = (value: unknown): number | undefined => {
	const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

export async function popularWalk(
	listing: Listing,
	stored: TriggerState | undefined,
	query: string,
	allowance: WalkAllowance,
	first: FirstWalk,
): Promise<PollOutcome> {
	const list = (listing.endpoint as PopularFirstEndpoint).popularFirst;
	const known = new Set(stored?.seen ?? []);
	const floor = stored?.floor;
	const isNew = (record: ListedRecord) =>
		!known.has(record.id) &&
		(floor === undefined || record.time === undefined || record.time >= floor);
	const judge = (record: ListedRecord): Verdict => (!stored || isNew(record) ? 'new' : 'skip');

	let calls = 0;
	let total = stored?.total;
	let backlog: Backlog | undefined = stored?.backlog;
	let unchanged = false;
	const found: ListedRecord[] = [];
	const read: ListedRecord[] = [];
	const take = (walk: WalkOutcome) => {
		calls += walk.calls;
		read.push(...walk.read);
		found.push(...walk.found);
		// A backlog finished first and the walk from page one may both meet a record: it is new once.
		for (const record of walk.found) known.add(record.id);
	};

	if (backlog) {
		const walk = await listing.walk(backlog.request, judge, allowance);
		take(walk);
		if (walk.unread) backlog = { ...backlog, request: walk.unread };
		else {
			total = backlog.total;
			backlog = undefined;
		}
	}

	if (!backlog && allowance.mayFetch()) {
		let firstTotal: number | undefined;
		let pages = 0;
		const walk = await listing.walk(listing.firstRequest(), judge, allowance, (_, body) => {
			if (++pages > 1) return false;
			firstTotal = countOf(firstValueAt(body, list.total[listing.mode]));
			unchanged = stored !== undefined && firstTotal !== undefined && firstTotal === total;
			return unchanged;
		});
		take(walk);
		if (walk.unread)
			backlog = {
				request: walk.unread,
				...(firstTotal === undefined ? {} : { total: firstTotal }),
			};
		else total = firstTotal;
	}

	// The first walk without memory: the newest records, oldest first, or every one of them.
	const emitted = stored
		? chronological(found)
		: chronological(found).slice(Math.max(0, found.length - first.count));
	const newest = newestOf(read, stored?.newest);
	// The floor rises when the whole list was read; while a backlog is left, only for a first walk that
	// outputs the newest records (the rest of the list is not new then), never for one that outputs all.
	const keepFloor = backlog !== undefined && (stored !== undefined || first.count === Infinity);
	const nextFloor = keepFloor ? floor : (newest?.time ?? floor);
	return {
		emitted,
		state: {
			query,
			...(newest ? { newest } : {}),
			seen: rememberSeen(
				stored?.seen ?? [],
				chronological(stored ? found : read).map((record) => record.id),
			),
			...(nextFloor === undefined ? {} : { floor: nextFloor }),
			...(total === undefined ? {} : { total }),
			...(backlog ? { backlog } : {}),
		},
		calls,
		...(backlog ? { cutBy: allowance.stoppedBy } : {}),
		...(unchanged ? { sameTotal: true } : {}),
	};
}
