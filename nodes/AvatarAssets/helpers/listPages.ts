import type { IDataObject } from 'n8n-workflow';
import type { AvatarAnswer } from '../transport/avatarCall';
import { fullAnswer, idsAsStrings } from './output';
import { isRecord } from '../../shared/execution/isRecord';

export interface PageWalk {
	startPage: number;
	pageSize: number;
	/** undefined: every page (Return All). */
	limit?: number;
	fullResponse: boolean;
	fetchPage(pageNumber: number): Promise<AvatarAnswer>;
}

const LIST_KEYS = ['Items', 'List', 'Groups', 'Assets', 'Records'];

/** The records of one list answer; the spec does not show the list shape, so the usual holders are read. */
export function recordsOf(answer: AvatarAnswer): IDataObject[] {
	const holders = [answer.Result, answer];
	for (const holder of holders) {
		if (Array.isArray(holder)) return holder as IDataObject[];
		if (!isRecord(holder)) continue;
		for (const key of LIST_KEYS)
			if (Array.isArray(holder[key])) return holder[key] as IDataObject[];
	}
	return [];
}

function totalOf(answer: AvatarAnswer): number | undefined {
	const result = isRecord(answer.Result) ? answer.Result : answer;
	const total = result.TotalCount ?? result.Total;
	const number = typeof total === 'string' ? Number(total) : total;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

const firstIdOf = (records: IDataObject[]) =>
	records.length ? JSON.stringify(records[0].Id ?? records[0]) : undefined;

/**
 * Walks the pages from `startPage` until a short or empty page, the announced total, the limit, or a
 * page that repeats the previous one (a service ignoring the page number would loop forever).
 */
export async function walkPages(walk: PageWalk): Promise<IDataObject[]> {
	const output: IDataObject[] = [];
	let collected = 0;
	let previousFirstId: string | undefined;
	for (let page = walk.startPage; ; page++) {
		const answer = await walk.fetchPage(page);
		const records = recordsOf(answer);
		const firstId = firstIdOf(records);
		if (page > walk.startPage && firstId !== undefined && firstId === previousFirstId) break;
		previousFirstId = firstId;

		const room = walk.limit === undefined ? records.length : Math.max(0, walk.limit - collected);
		const taken = records.slice(0, room);
		collected += taken.length;
		if (walk.fullResponse) output.push(fullAnswer(answer));
		else output.push(...taken.map((record) => idsAsStrings(record) as IDataObject));

		const total = totalOf(answer);
		const lastPage =
			records.length === 0 ||
			records.length < walk.pageSize ||
			(total !== undefined && page * walk.pageSize >= total) ||
			(walk.limit !== undefined && collected >= walk.limit);
		if (lastPage) break;
	}
	return output;
}
