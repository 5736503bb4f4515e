import type {
	AnswerMode,
	CursorCarry,
	FieldDescriptor,
	ModePaths,
	PaginationDescriptor,
} from '../descriptor';
import { firstValueAt, isMoreFlag, recordsAt } from '../descriptor/answerPaths';
import type { Input } from './validateInput';

export interface Page {
	body: unknown;
	records: unknown[];
	input: Input;
}

/**
 * Why a walk stopped. `end`: the answer said it is the last page (its flag, or another end signal of
 * the spec). `stalledCursor`: the cursor came back unchanged; `cursorRestarted`: it came back to the
 * first page's value (the next page would be page one again, billed again); `emptyPage`: a page had
 * no records although its answer said more exist; `unknownShape`: a successful answer held no records
 * at any place the descriptor knows (`WalkResult.unknownAnswer` is that answer).
 */
export type StopReason =
	| 'end'
	| 'unknownShape'
	| 'limit'
	| 'pageBound'
	| 'stalledCursor'
	| 'cursorRestarted'
	| 'emptyPage';

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
	/** The answer whose records sit nowhere the descriptor knows (stop `unknownShape`). */
	unknownAnswer?: unknown;
	/** The answer that said it is the last page (stop `end`). */
	lastAnswer?: unknown;
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
	if (type === 'string' && typeof value === 'number' && Number.isFinite(value))
		return String(value);
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
		if (first[cursor.field] === undefined && cursor.initial !== undefined)
			first[cursor.field] = wireValue(endpoint, cursor.field, cursor.initial);
	}
	const counter = pagination.counter;
	if (counter && first[counter.field] === undefined)
		first[counter.field] = wireValue(endpoint, counter.field, counter.start);
	return first;
}

/**
 * Whether any more-pages flag of the answer says more; undefined when it carries none. Any, not the
 * first: a genuine answer may carry the other direction's flag beside it (`upContinueFlag: 0` beside
 * `continueFlag: 1`).
 */
function saysMore(body: unknown, paths: string[]): boolean | undefined {
	const flags = paths
		.map((path) => firstValueAt(body, [path]))
		.filter((flag) => flag !== undefined);
	return flags.length ? flags.some(isMoreFlag) : undefined;
}

/**
 * Whether an answer is the last page: no flag says more (or, where answers may carry no flag at
 * all, it has neither a flag nor records), or it shows another end signal of the spec.
 */
function isLastPage(pagination: PaginationDescriptor, body: unknown, mode: AnswerMode): boolean {
	const more = saysMore(body, pathsOf(pagination.more, mode));
	if (more === undefined && pagination.moreWhileRecords) {
		if ((recordsAt(body, pathsOf(pagination.records, mode)) ?? []).length === 0) return true;
	} else if (!more) return true;
	return (pagination.ends ?? []).some((signal) => {
		const value = firstValueAt(body, pathsOf(signal.at, mode));
		// 0 and "0" alike: services are loose about the JSON type of counts and cursors.
		return value !== undefined && value !== null && String(value) === String(signal.equals);
	});
}

/** The value a cursor has on the spec's first page: its starting value, or the field's default (what the service assumes when it is absent). */
function startValue(endpoint: PagedEndpoint, carry: CursorCarry): unknown {
	const value =
		carry.initial ?? endpoint.fields.find((field) => field.name === carry.field)?.default;
	return value === undefined ? undefined : wireValue(endpoint, carry.field, value);
}

/** Where a request stands, as the cursors it carries say (an absent cursor stands at the start). */
const positionOf = (endpoint: PagedEndpoint, cursors: CursorCarry[], request: Input) =>
	JSON.stringify(
		cursors.map((carry) => request[carry.field] ?? startValue(endpoint, carry) ?? null),
	);

/**
 * The value a carry takes from an answer: the first of its paths that holds one. A null counts as
 * none (Douyin's search id is `extra.logid`, or `log_pb.impr_id` where that is null); an empty value
 * is the answer's own (a cursor back at its start).
 */
function carriedValue(body: unknown, paths: string[]): unknown {
	for (const path of paths) {
		const value = firstValueAt(body, [path]);
		if (value !== undefined && value !== null) return value;
	}
	return undefined;
}

/** Where a walk goes after a page: the next request, or why there is none. */
export type NextPage = { next: Input } | { stop: StopReason };

/** The positions a walk from `request` must never come back to: its own first page and the spec's first page. */
export function startPositions(endpoint: PagedEndpoint, request: Input): Set<string> {
	const cursors = endpoint.pagination.cursors ?? [];
	return new Set([positionOf(endpoint, cursors, request), positionOf(endpoint, cursors, {})]);
}

/**
 * The request of the page after `request`, whose answer was `body`: the cursors carried from the
 * answer, the sticky values of the first answer, the page counter moved on. Or why the walk ends
 * there: the answer's end signal, an empty page, a cursor that did not move or came back to a
 * position in `visited` (the next page would be one already billed).
 */
export function nextPage(
	endpoint: PagedEndpoint,
	mode: AnswerMode,
	request: Input,
	body: unknown,
	isFirstPage: boolean,
	visited: Set<string>,
): NextPage {
	const { pagination } = endpoint;
	const cursors = pagination.cursors ?? [];
	if (isLastPage(pagination, body, mode)) return { stop: 'end' };
	if ((recordsAt(body, pathsOf(pagination.records, mode)) ?? []).length === 0)
		return { stop: 'emptyPage' };
	const next: Input = { ...request };
	// A value the answer does not give stays as it was sent (the user's FOLDED page area stays FOLDED).
	for (const carry of cursors) {
		const value = carriedValue(body, pathsOf(carry.from, mode));
		if (value !== undefined && value !== null)
			next[carry.field] = wireValue(endpoint, carry.field, value);
	}
	if (isFirstPage) {
		for (const carry of pagination.sticky ?? []) {
			const value = carriedValue(body, pathsOf(carry.from, mode));
			if (value !== undefined && value !== null)
				next[carry.field] = wireValue(endpoint, carry.field, value);
		}
	}
	if (pagination.counter) {
		const field = pagination.counter.field;
		next[field] = wireValue(endpoint, field, Number(request[field]) + 1);
	}
	const cursorMoved =
		pagination.counter !== undefined ||
		cursors.some(
			(carry) => JSON.stringify(next[carry.field]) !== JSON.stringify(request[carry.field]),
		);
	if (!cursorMoved) return { stop: 'stalledCursor' };
	if (cursors.length && visited.has(positionOf(endpoint, cursors, next)))
		return { stop: 'cursorRestarted' };
	return { next };
}

/**
 * Walks a cursor-paginated endpoint as its descriptor says, handing each page to `onPage`.
 * It stops on an end signal of the answer, on `limit`, on an empty page, on a cursor that does not
 * move or comes back to the first page, or at `maxPages`, and says which: every later call is billed.
 * Hand-written rather than n8n's declarative pagination, which cannot see a repeated cursor or bound billed pages.
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
	// The first page of this walk, and the spec's first page (the same unless the user gave a cursor).
	const visited = startPositions(endpoint, request);
	let collected = 0;
	for (let pages = 1; ; pages++) {
		const body = await fetchPage(request);
		const all = recordsAt(body, pathsOf(pagination.records, mode));
		if (all === undefined) {
			await onPage({ body, records: [], input: request });
			return { pages, records: collected, stop: 'unknownShape', unknownAnswer: body };
		}
		const room = options.limit === undefined ? all.length : Math.max(0, options.limit - collected);
		const records = all.length > room ? all.slice(0, room) : all;
		collected += records.length;
		await onPage({ body, records, input: request });

		if (options.limit !== undefined && collected >= options.limit)
			return { pages, records: collected, stop: 'limit' };
		if (isLastPage(pagination, body, mode))
			return { pages, records: collected, stop: 'end', lastAnswer: body };
		if (all.length === 0) return { pages, records: collected, stop: 'emptyPage' };
		if (pages >= options.maxPages) return { pages, records: collected, stop: 'pageBound' };

		const step = nextPage(endpoint, mode, request, body, pages === 1, visited);
		if ('stop' in step) return { pages, records: collected, stop: step.stop };
		request = step.next;
	}
}
