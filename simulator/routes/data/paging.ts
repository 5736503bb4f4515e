import { base64url, fromBase64url } from '../../dataset/context';
import { hexFor } from '../../dataset/random';
import { HttpError } from './input';

/** Opaque cursors: base64url JSON the client must send back unchanged. */
export function encodeCursor(state: Record<string, unknown>): string {
	return base64url(JSON.stringify(state));
}

export function decodeCursor<T extends Record<string, unknown>>(cursor: string, field: string): T {
	const text = fromBase64url(cursor);
	try {
		const value = text ? JSON.parse(text) : undefined;
		if (value && typeof value === 'object') return value as T;
	} catch {
		// reported below
	}
	throw invalidCursor(field);
}

export function invalidCursor(field: string): HttpError {
	return new HttpError(
		400,
		`Invalid ${field}: not a cursor this service issued`,
		`input.${field} must be the value from the previous answer`,
	);
}

export function mismatch(field: string, what: string): HttpError {
	return new HttpError(
		400,
		`Invalid ${field}: it was issued for a different ${what}`,
		`input.${field} must come from the previous answer of the same query`,
	);
}

const listTag = (listKey: string) => hexFor(10, 'list', listKey);

/** A position cursor bound to one list (channels last_buffer, articles buffer); empty means the start. */
export function readOffset(cursor: string | undefined, field: string, listKey: string): number {
	if (!cursor) return 0;
	const state = decodeCursor<{ k?: unknown; o?: unknown }>(cursor, field);
	if (state.k !== listTag(listKey)) throw mismatch(field, 'list');
	if (!(typeof state.o === 'number' && Number.isInteger(state.o) && state.o >= 0))
		throw invalidCursor(field);
	return state.o;
}

export const offsetCursor = (listKey: string, offset: number) =>
	encodeCursor({ k: listTag(listKey), o: offset });

/** One page of a list from a position. */
export function pageAt<T>(list: readonly T[], offset: number, size: number) {
	const items = list.slice(offset, offset + size);
	const next = offset + items.length;
	return { items, next, more: next < list.length };
}
