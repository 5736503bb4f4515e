import type { IDataObject } from 'n8n-workflow';
import type { Input } from '../pipeline/validateInput';

/** The most ids of recent items the trigger remembers; older items are recognised by their time. */
export const SEEN_LIMIT = 500;

/** The newest item the trigger has seen: the high-water mark of its list. */
export interface Mark {
	id: string;
	/** Creation time in the answer's unit; absent when the records carry none. */
	time?: number;
}

/**
 * A walk the Credit Budget cut short: the request of its next page, and the mark it must reach.
 * The next poll finishes it before it looks at the newest page again.
 */
export interface Backlog {
	request: Input;
	floor?: Mark;
	/** With a Look-Back Margin: the walk ends at the first record published before this time (see lookBack.ts). */
	start?: number;
	/** A list by popularity: the count its first page reported when this walk began (see popularWalk.ts). */
	total?: number;
}

/** What the trigger keeps in the workflow's static data: plain JSON, saved by n8n with the workflow. */
export interface TriggerState {
	/** The event and its input this memory belongs to; another query starts afresh. */
	query: string;
	newest?: Mark;
	/** Ids of recently seen items, oldest first, at most SEEN_LIMIT. */
	seen: string[];
	/** With a Look-Back Margin: id → publish time of every record output since `floor` (see lookBack.ts). */
	window?: Record<string, number>;
	/**
	 * With a Look-Back Margin: when (n8n's clock, epoch ms) the last walk began that read the list
	 * from its newest page down to where it stopped (see lookBack.ts).
	 */
	walkedAt?: number;
	/** With a Look-Back Margin, or on a list by popularity: no record published before this time is new. */
	floor?: number;
	/** A list by popularity: the count its first page reported when it was last read to its end. */
	total?: number;
	backlog?: Backlog;
}

const STATE_KEY = 'socialDataTrigger';

export function readState(staticData: IDataObject, query: string): TriggerState | undefined {
	const stored = staticData[STATE_KEY] as TriggerState | undefined;
	return stored && stored.query === query && Array.isArray(stored.seen) ? stored : undefined;
}

/** Written in place: n8n tracks changes of the object it handed out. */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData[STATE_KEY] = JSON.parse(JSON.stringify(state)) as IDataObject;
}

/** The seen ids with `ids` (oldest first) added, the oldest dropped beyond SEEN_LIMIT. */
export function rememberSeen(seen: string[], ids: string[]): string[] {
	const known = new Set(seen);
	const merged = [...seen];
	for (const id of ids) {
		if (!known.has(id)) merged.push(id);
		known.add(id);
	}
	return merged.length > SEEN_LIMIT ? merged.slice(merged.length - SEEN_LIMIT) : merged;
}
