import type { FieldDescriptor, ModePaths, PaginationDescriptor } from './descriptor';
import { firstValueAt, isMoreFlag, recordsAt } from './responsePaths';
import type { Input } from './validation';

export type AnswerMode = 'raw' | 'parsed';

export interface Page {
	body: unknown;
	records: unknown[];
	input: Input;
}

export type StopReason = 'end' | 'limit' | 'pageBound' | 'stalledCursor' | 'emptyPage';

export interface WalkOptions {
	/** Stop once this many records were collected (undefined = to the end). */
	limit?: number;
	/** The most pages one walk may fetch; reaching it is reported, never looped past. */
	maxPages: number;
}

export interface WalkResult {
	pages: number;
	records: number;
	stop: StopReason;
}

/** A paginated endpoint: how it pages, and its fields, which give each carried value its wire type. */
export interface PagedEndpoint {
	pagination: PaginationDescriptor;
	fields: FieldDescriptor[];
}

const pathsOf = (paths: ModePaths, mode: AnswerMode) => paths[mode];

/**
 * A carried value (a starting value, or one taken from an answer) in the type the endpoint's field
 * of that name has: answers give `max_cursor` as a number where the spec sends a string, and a
 * string where it sends an integer. Other values (objects, lost digits) go on as they are.
 */
export function wireValue(endpoint: PagedEndpoint, field: string, value: unknown): unknown {
	const type = endpoint.fields.find((candidate) => candidate.name === field)?.type;
	if (type === 'string' && typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (type === 'integer' && typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
		const number = Number(value);
		if (Number.isSafeInteger(number)) return number;
	}
	return value;
}

/** The request of the first page: the spec's starting cursor values unless the user gave some. */
export function firstPageInput(endpoint: PagedEndpoint, input: Input): Input {
	const { pagination } = endpoint;
	const first = { ...input };
	for (const cursor of pagination.cursors ?? []) {
		if (first[cursor.field] === undefined && cursor.initial !== undefined) first[cursor.field] = wireValue(endpoint, cursor.field, cursor.initial);
	}
	const counter = pagination.counter;
	if (counter && first[counter.field] === undefined) first[counter.field] = wireValue(endpoint, counter.field, counter.start);
	return first;
}

/**
 * Walks a cursor-paginated endpoint as its descriptor says, handing each page to `onPage`.
 * It stops on the end flag, on `limit`, on an empty page, on a cursor that does not move,
 * or at `maxPages`, and says which.
 */
export async function walkPages(
	endpoint: PagedEndpoint,
	mode: AnswerMode,
	input: Input,
	fetchPage: (input: Input) => Promise<unknown>,
	onPage: (page: Page) => void | Promise<void>,
	options: WalkOptions,
): Promise<WalkResult> {
	const { pagination } = endpoint;
	let request = firstPageInput(endpoint, input);
	let collected = 0;
	for (let pages = 1; ; pages++) {
		const body = await fetchPage(request);
		const all = recordsAt(body, pathsOf(pagination.records, mode)) ?? [];
		const room = options.limit === undefined ? all.length : Math.max(0, options.limit - collected);
		const records = all.length > room ? all.slice(0, room) : all;
		collected += records.length;
		await onPage({ body, records, input: request });

		if (options.limit !== undefined && collected >= options.limit) return { pages, records: collected, stop: 'limit' };
		if (!isMoreFlag(firstValueAt(body, pathsOf(pagination.more, mode)))) return { pages, records: collected, stop: 'end' };
		if (all.length === 0) return { pages, records: collected, stop: 'emptyPage' };
		if (pages >= options.maxPages) return { pages, records: collected, stop: 'pageBound' };

		const next: Input = { ...request };
		for (const carry of pagination.cursors ?? []) {
			const value = firstValueAt(body, pathsOf(carry.from, mode));
			if (value === undefined || value === null) delete next[carry.field];
			else next[carry.field] = wireValue(endpoint, carry.field, value);
		}
		if (pages === 1) {
			for (const carry of pagination.sticky ?? []) {
				const value = firstValueAt(body, pathsOf(carry.from, mode));
				if (value !== undefined && value !== null) next[carry.field] = wireValue(endpoint, carry.field, value);
			}
		}
		if (pagination.counter) {
			const field = pagination.counter.field;
			next[field] = wireValue(endpoint, field, Number(request[field]) + 1);
		}
		const cursorMoved =
			pagination.counter !== undefined ||
			(pagination.cursors ?? []).some((carry) => JSON.stringify(next[carry.field]) !== JSON.stringify(request[carry.field]));
		if (!cursorMoved) return { pages, records: collected, stop: 'stalledCursor' };
		request = next;
	}
}
