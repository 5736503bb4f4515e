import type { IDataObject } from 'n8n-workflow';
import { isRecord } from '../../shared/json/isRecord';
import { GatewayError } from '../../shared/transport/errors';
import type { AvatarAnswer } from '../transport/avatarCall';
import { fullAnswer, idsAsStrings } from './output';

/**
 * The paging fields of one list request. The service pages two ways, never mixed in one request:
 * by token (`MaxResults`, then the `NextToken` of the previous answer) or by number (`PageNumber`,
 * `PageSize`). See docs/avatar-assets.md › Lists.
 */
export type Paging =
	| { MaxResults: number; NextToken?: string }
	| { PageNumber: number; PageSize: number };

export interface PageWalk {
	/** 1: from the start, by token; above 1: by page number, from that page. */
	startPage: number;
	pageSize: number;
	/** undefined: every page (Return All). */
	limit?: number;
	fullResponse: boolean;
	/** Names the call in the error about an answer without records. */
	endpoint: string;
	fetchPage(paging: Paging): Promise<AvatarAnswer>;
}

/** Where list answers hold their records: `Result.Items` (the service's), then other usual holders. */
const LIST_KEYS = ['Items', 'List', 'Groups', 'Assets', 'Records'];

const resultHolderOf = (answer: AvatarAnswer): Record<string, unknown> =>
	isRecord(answer.Result) ? answer.Result : answer;

function wholeNumberOf(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/**
 * The records of one list answer. An empty list (`Items: []` or `null`, or none at all with a
 * `TotalCount` of 0) is no records; an answer with no list anywhere is reported, not read as empty.
 */
export function recordsOf(answer: AvatarAnswer, endpoint: string): IDataObject[] {
	for (const holder of [answer.Result, answer]) {
		if (Array.isArray(holder)) return holder as IDataObject[];
		if (!isRecord(holder)) continue;
		for (const key of LIST_KEYS) {
			if (Array.isArray(holder[key])) return holder[key] as IDataObject[];
			if (key in holder && holder[key] === null) return [];
		}
	}
	if (wholeNumberOf(resultHolderOf(answer).TotalCount) === 0) return [];
	throw new GatewayError(
		`The answer to ${endpoint} holds no list of records (expected Result.Items)`,
		{ kind: 'invalid-response', endpoint },
	);
}

const nextTokenOf = (result: Record<string, unknown>) =>
	typeof result.NextToken === 'string' && result.NextToken !== '' ? result.NextToken : undefined;

/**
 * The paging of the page after `answer`, or undefined when it was the last. The answer says how the
 * service pages: a `NextToken` is followed; an answer by page number (`PageNumber`, or a
 * `TotalCount` beyond what came so far without a token) goes on with the next number.
 */
export function nextPagingOf(
	answer: AvatarAnswer,
	sent: Paging,
	received: number,
	receivedSoFar: number,
): Paging | undefined {
	const result = resultHolderOf(answer);
	const sentSize = 'MaxResults' in sent ? sent.MaxResults : sent.PageSize;
	const token = nextTokenOf(result);
	if (token !== undefined) {
		const repeated = 'NextToken' in sent && sent.NextToken === token;
		return repeated || received === 0 ? undefined : { MaxResults: sentSize, NextToken: token };
	}
	const total = wholeNumberOf(result.TotalCount);
	const answeredPage = wholeNumberOf(result.PageNumber);
	const byNumber =
		'PageNumber' in sent ||
		answeredPage !== undefined ||
		(total !== undefined && total > receivedSoFar && !('NextToken' in sent));
	if (!byNumber || received === 0) return undefined;
	const page = answeredPage ?? ('PageNumber' in sent ? sent.PageNumber : 1);
	// A service that ignored MaxResults answered with a page size of its own: go on with that one.
	const size = wholeNumberOf(result.PageSize) || ('PageSize' in sent ? sent.PageSize : received);
	if (received < size) return undefined;
	if (total !== undefined && page * size >= total) return undefined;
	return { PageNumber: page + 1, PageSize: size };
}

const firstIdOf = (records: IDataObject[]) =>
	records.length ? JSON.stringify(records[0].Id ?? records[0]) : undefined;

/**
 * Walks the pages until the last one (no `NextToken`; by number: a short or empty page, or the
 * announced `TotalCount`), the limit, or a page that repeats the previous one (a service ignoring
 * the paging would loop forever).
 */
export async function walkPages(walk: PageWalk): Promise<IDataObject[]> {
	const output: IDataObject[] = [];
	let received = 0;
	let collected = 0;
	let previousFirstId: string | undefined;
	let paging: Paging | undefined =
		walk.startPage > 1
			? { PageNumber: walk.startPage, PageSize: walk.pageSize }
			: { MaxResults: walk.pageSize };
	for (let first = true; paging; first = false) {
		const answer = await walk.fetchPage(paging);
		const records = recordsOf(answer, walk.endpoint);
		const firstId = firstIdOf(records);
		if (!first && firstId !== undefined && firstId === previousFirstId) break;
		previousFirstId = firstId;

		const room = walk.limit === undefined ? records.length : Math.max(0, walk.limit - collected);
		const taken = records.slice(0, room);
		collected += taken.length;
		received += records.length;
		if (walk.fullResponse) output.push(fullAnswer(answer));
		else output.push(...taken.map((record) => idsAsStrings(record) as IDataObject));

		if (walk.limit !== undefined && collected >= walk.limit) break;
		paging = nextPagingOf(answer, paging, records.length, received);
	}
	return output;
}
