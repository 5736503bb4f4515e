import { invalidParameter } from './answers';
import type { ListPaging } from './store';

export const DEFAULT_AVATAR_PAGE_SIZE = 10;
export const MAX_AVATAR_PAGE_SIZE = 100;

function wholeNumber(
	body: Record<string, unknown>,
	key: string,
	fallback: number,
	max: number,
): number {
	const value = body[key] ?? fallback;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
		throw invalidParameter(
			`${key} must be a whole number from 1 to ${max}; got ${JSON.stringify(value)}`,
		);
	}
	return value;
}

const TOKEN_PREFIX = 'sim-next:';

/** An opaque token for the records from `offset` on (the client sends it back as it is). */
const tokenAt = (offset: number) => Buffer.from(`${TOKEN_PREFIX}${offset}`).toString('base64url');

function offsetOf(token: unknown): number {
	const text = typeof token === 'string' ? Buffer.from(token, 'base64url').toString() : '';
	const offset = Number(text.slice(TOKEN_PREFIX.length));
	if (!text.startsWith(TOKEN_PREFIX) || !Number.isInteger(offset) || offset < 0)
		throw invalidParameter(`NextToken is not valid: send the NextToken of the previous answer`);
	return offset;
}

function pageByNumber<T>(items: T[], body: Record<string, unknown>) {
	const PageNumber = wholeNumber(body, 'PageNumber', 1, Number.MAX_SAFE_INTEGER);
	const PageSize = wholeNumber(body, 'PageSize', DEFAULT_AVATAR_PAGE_SIZE, MAX_AVATAR_PAGE_SIZE);
	const start = (PageNumber - 1) * PageSize;
	return {
		Items: items.slice(start, start + PageSize),
		PageNumber,
		PageSize,
		TotalCount: items.length,
	};
}

function pageByToken<T>(items: T[], body: Record<string, unknown>) {
	const size = wholeNumber(body, 'MaxResults', DEFAULT_AVATAR_PAGE_SIZE, MAX_AVATAR_PAGE_SIZE);
	const start = body.NextToken === undefined ? 0 : offsetOf(body.NextToken);
	const end = start + size;
	return {
		Items: items.slice(start, end),
		...(end < items.length ? { NextToken: tokenAt(end) } : {}),
	};
}

/**
 * One page of a list answer. The service pages by token (`MaxResults`, `NextToken`; the last page
 * has no `NextToken`) or, when asked so, by number (`PageNumber`, `PageSize`, with `TotalCount`);
 * a request mixing both is refused. A `pageNumber` service ignores the token fields.
 */
export function pageOf<T>(items: T[], body: Record<string, unknown>, paging: ListPaging) {
	if (paging === 'pageNumber') return pageByNumber(items, body);
	const byNumber = body.PageNumber !== undefined || body.PageSize !== undefined;
	const byToken = body.NextToken !== undefined || body.MaxResults !== undefined;
	if (byNumber && byToken)
		throw invalidParameter(
			'PageNumber/PageSize and MaxResults/NextToken paging cannot be combined',
		);
	return byNumber ? pageByNumber(items, body) : pageByToken(items, body);
}

export function filterOf(body: Record<string, unknown>): Record<string, unknown> {
	const filter = body.Filter;
	if (filter === undefined) return {};
	if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
		throw invalidParameter('Filter must be an object');
	return filter as Record<string, unknown>;
}

export function stringList(filter: Record<string, unknown>, key: string): string[] | undefined {
	const value = filter[key];
	if (value === undefined) return undefined;
	if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string'))
		throw invalidParameter(`Filter.${key} must be a list of strings`);
	return value as string[];
}

export function optionalString(
	source: Record<string, unknown>,
	key: string,
	label = key,
): string | undefined {
	const value = source[key];
	if (value === undefined) return undefined;
	if (typeof value !== 'string') throw invalidParameter(`${label} must be a string`);
	return value;
}

/** Name filters match a part of the name, case-insensitively. */
export const nameMatches = (name: string, wanted: string | undefined) =>
	!wanted || name.toLowerCase().includes(wanted.toLowerCase());

export function sortBy<T extends object>(
	items: T[],
	field: string | undefined,
	order: string | undefined,
	fields: readonly string[],
): T[] {
	// The interface writes asc/desc, the service's own documents Asc/Desc: both are taken.
	const lowered = order?.toLowerCase();
	if (lowered !== undefined && lowered !== 'asc' && lowered !== 'desc')
		throw invalidParameter(`SortOrder must be "asc" or "desc"; got "${order}"`);
	if (field === undefined) {
		if (order !== undefined) throw invalidParameter('SortOrder needs SortBy');
		return items;
	}
	if (!fields.includes(field))
		throw invalidParameter(`SortBy must be one of ${fields.join(', ')}; got "${field}"`);
	const direction = lowered === 'desc' ? -1 : 1;
	return [...items].sort((a, b) => {
		const [left, right] = [a, b].map((item) => {
			const value = (item as Record<string, unknown>)[field] ?? '';
			return typeof value === 'number' ? value : String(value);
		});
		return left < right ? -direction : left > right ? direction : 0;
	});
}
