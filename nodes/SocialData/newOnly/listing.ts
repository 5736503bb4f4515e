import type { IDataObject } from 'n8n-workflow';
import type { AnswerMode, WatchedEndpoint } from '../descriptor';
import { watchedListOf } from '../descriptor';
import { firstPageInput, nextPage, startPositions } from '../pipeline/pageWalk';
import { firstValueAt, recordsAt } from '../descriptor/answerPaths';
import { asItemJson } from '../pipeline/outputItems';
import { unknownShapeError } from '../pipeline/unknownShape';
import type { Input } from '../pipeline/validateInput';
import type { WalkAllowance } from './pollAllowance';

/** One record of a watched list, with what the trigger needs to know about it. */
export interface ListedRecord {
	json: IDataObject;
	id: string;
	time?: number;
	pinned: boolean;
}

/** What a walk does with a record: emit it, pass over it (already emitted), or stop there (the boundary). */
export type Verdict = 'new' | 'skip' | 'stop';

export interface WalkOutcome {
	/** Records judged new, in list order (newest first). */
	found: ListedRecord[];
	/** Every record read, in list order. */
	read: ListedRecord[];
	calls: number;
	/** Set when the walk stopped at a record judged the boundary (not at the list's end or a limit). */
	reachedBoundary?: boolean;
	/** Set when the poll's allowance ran out before the boundary or the end: the request of the next page. */
	unread?: Input;
}

function timeOf(value: unknown): number | undefined {
	const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A watched list: one endpoint's list and its input, read page by page through `fetchPage`. */
export class Listing {
	constructor(
		readonly endpoint: WatchedEndpoint,
		readonly mode: AnswerMode,
		readonly input: Input,
		private readonly fetchPage: (request: Input) => Promise<unknown>,
	) {}

	/** The request of the list's first page (the newest records). */
	firstRequest(): Input {
		const { endpoint } = this;
		return endpoint.pagination
			? firstPageInput({ pagination: endpoint.pagination, fields: endpoint.fields }, this.input)
			: this.input;
	}

	/** The record as a list entry; none for a record without an id where the list names only those. */
	private recordOf(value: unknown): ListedRecord | undefined {
		const { mode } = this;
		const list = watchedListOf(this.endpoint);
		const json = asItemJson(value);
		const id = firstValueAt(json, list.id[mode]);
		if (list.idRequired && (id === undefined || id === null || id === '')) return undefined;
		const pinned = list.pinned ? firstValueAt(json, list.pinned[mode]) : undefined;
		return {
			json,
			id: id === undefined || id === null ? JSON.stringify(json) : String(id),
			time: list.time ? timeOf(firstValueAt(json, list.time[mode])) : undefined,
			pinned: pinned === true || pinned === 1 || pinned === '1',
		};
	}

	/**
	 * Reads pages from `request` on, in the list's order, asking `judge` about every record, until a
	 * record is judged the boundary, `enough` says so after a page (given the page's answer), the list
	 * ends, or the poll's `allowance` permits no other page (then `unread` says where the walk would go on).
	 */
	async walk(
		request: Input,
		judge: (record: ListedRecord, found: ListedRecord[]) => Verdict,
		allowance: WalkAllowance,
		enough: (found: ListedRecord[], body: unknown) => boolean = () => false,
	): Promise<WalkOutcome> {
		const { endpoint } = this;
		const paged = endpoint.pagination
			? { pagination: endpoint.pagination, fields: endpoint.fields }
			: undefined;
		const recordPaths = (endpoint.pagination?.records ?? endpoint.records)![this.mode];
		const visited = paged ? startPositions(paged, request) : new Set<string>();
		const outcome: WalkOutcome = { found: [], read: [], calls: 0 };
		const foundIds = new Set<string>();
		for (let current = request; ; ) {
			if (!allowance.mayFetch()) return { ...outcome, unread: current };
			const pageRequest = current;
			const body = await allowance.fetch(async () => await this.fetchPage(pageRequest));
			outcome.calls++;
			const records = recordsAt(body, recordPaths);
			// Never "nothing new": the poll fails, so the execution list shows it, and the memory stays.
			if (records === undefined) throw unknownShapeError(endpoint.name, body, outcome.calls);
			for (const value of records) {
				const record = this.recordOf(value);
				if (!record) continue;
				outcome.read.push(record);
				const verdict = judge(record, outcome.found);
				if (verdict === 'stop') return { ...outcome, reachedBoundary: true };
				// A record repeated on the next page (the list moved while it was read) is found once.
				if (verdict === 'new' && !foundIds.has(record.id)) {
					foundIds.add(record.id);
					outcome.found.push(record);
				}
			}
			if (!paged || enough(outcome.found, body)) return outcome;
			// Sticky values (search sessions) come from the walk's first answer; a resumed walk already carries them.
			const step = nextPage(paged, this.mode, current, body, outcome.calls === 1, visited);
			if ('stop' in step) return outcome;
			current = step.next;
		}
	}
}
