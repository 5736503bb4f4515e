import { invalidParameter } from './answers';

export interface Page<T> {
	Items: T[];
	PageNumber: number;
	PageSize: number;
	TotalCount: number;
}

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

export function pageOf<T>(items: T[], body: Record<string, unknown>): Page<T> {
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
	if (order !== undefined && order !== 'asc' && order !== 'desc')
		throw invalidParameter(`SortOrder must be "asc" or "desc"; got "${order}"`);
	if (field === undefined) {
		if (order !== undefined) throw invalidParameter('SortOrder needs SortBy');
		return items;
	}
	if (!fields.includes(field))
		throw invalidParameter(`SortBy must be one of ${fields.join(', ')}; got "${field}"`);
	const direction = order === 'desc' ? -1 : 1;
	return [...items].sort((a, b) => {
		const left = String((a as Record<string, unknown>)[field] ?? '');
		const right = String((b as Record<string, unknown>)[field] ?? '');
		return left < right ? -direction : left > right ? direction : 0;
	});
}
