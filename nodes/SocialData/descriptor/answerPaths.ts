import { attemptParse, parseLosslessJson } from '../../shared/json/losslessJson';
import { namedNumbersAsStrings } from '../../shared/json/namedIdStrings';
import { ID_FIELD_NAMES } from './idFields';
import type { AnswerMode, EndpointDescriptor } from './types';

/** The answer a call gets: the simplified one where the endpoint has `raw` and the input turns it off, else the upstream one. */
export const answerMode = (
	endpoint: EndpointDescriptor,
	input: Record<string, unknown>,
): AnswerMode => (endpoint.raw && input.raw === false ? 'parsed' : 'raw');

const ID_FIELDS = new Set(ID_FIELD_NAMES);

/**
 * A string that holds a JSON object, as an object: real answers give some cursors as JSON text
 * (note comments' `cursor` holds `index` and `pageArea`), and some lists (an account's messages in
 * `general_msg_list`); a path may step into it. Its named id fields come out as strings, as the
 * answer's own do.
 */
function jsonTextObject(value: unknown): unknown {
	if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return value;
	const parsed = attemptParse(parseLosslessJson, value);
	return parsed.ok ? namedNumbersAsStrings(parsed.value, ID_FIELDS) : value;
}

/** The path step that reads the last element of an array (a page's last record carries the next cursor). */
export const LAST_ELEMENT = '-1';

/**
 * Reads dot paths such as `data.results.data.*.items.*` out of an answer; `*` walks arrays, `-1`
 * takes an array's last element, and a key steps into an object or into a string holding a JSON
 * object. Hand-written: the pack has no runtime dependencies (no lodash `get`), and `*` must
 * flatten records.
 */
export function valuesAt(root: unknown, path: string): unknown[] {
	let current: unknown[] = [root];
	for (const segment of path.split('.')) {
		const next: unknown[] = [];
		for (const candidate of current) {
			const value = segment === '*' ? candidate : jsonTextObject(candidate);
			if (segment === '*') {
				if (Array.isArray(value)) next.push(...value);
			} else if (segment === LAST_ELEMENT && Array.isArray(value)) {
				if (value.length) next.push(value[value.length - 1]);
			} else if (value !== null && typeof value === 'object' && segment in value) {
				next.push((value as Record<string, unknown>)[segment]);
			}
		}
		current = next;
	}
	return current;
}

/** The first value found over several candidate paths. */
export function firstValueAt(root: unknown, paths: string[]): unknown {
	for (const path of paths) {
		const [value] = valuesAt(root, path);
		if (value !== undefined) return value;
	}
	return undefined;
}

/** A value found by a path, with where it sits: at each step the element's index or the key's place among its object's keys. */
interface Located {
	value: unknown;
	position: number[];
}

function locatedAt(root: unknown, path: string): Located[] {
	let current: Located[] = [{ value: root, position: [] }];
	for (const segment of path.split('.')) {
		const next: Located[] = [];
		for (const { value, position } of current) {
			if (segment === '*') {
				if (Array.isArray(value))
					value.forEach((entry, index) =>
						next.push({ value: entry, position: [...position, index] }),
					);
			} else if (value !== null && typeof value === 'object' && segment in value) {
				const place = Array.isArray(value) ? Number(segment) : Object.keys(value).indexOf(segment);
				next.push({
					value: (value as Record<string, unknown>)[segment],
					position: [...position, place],
				});
			}
		}
		current = next;
	}
	return current;
}

/** Document order: the value met first when the answer is read from the start comes first. */
function byPosition(a: Located, b: Located): number {
	for (let step = 0; step < Math.min(a.position.length, b.position.length); step++) {
		if (a.position[step] !== b.position[step]) return a.position[step] - b.position[step];
	}
	return a.position.length - b.position.length;
}

/**
 * Records of a page: a plain path must hold an array (null or an empty array: a page without
 * records); `*` paths are flattened over every match, in the order the records appear in the answer
 * (boxes and their sub-boxes interleave as written). Undefined when no path fits the answer at all:
 * an answer in a shape the pack does not know, which must never read as "no records".
 */
export function recordsAt(root: unknown, paths: string[]): unknown[] | undefined {
	let found: Located[] | undefined;
	let starPaths = 0;
	for (const path of paths) {
		if (path.endsWith('.*')) {
			const located = locatedAt(root, path);
			if (located.length) {
				found = [...(found ?? []), ...located];
				starPaths++;
			} else if (valuesAt(root, path.split('.*')[0]).length) found ??= [];
		} else {
			const [value] = valuesAt(root, path);
			if (Array.isArray(value)) return value;
			if (value === null) found ??= [];
		}
	}
	if (found && starPaths > 1) found.sort(byPosition);
	return found?.map((entry) => entry.value);
}

/**
 * True, 'true' and a positive number (a flag of 1, or the number of the next page) mean "more
 * pages"; false, 0, null and an empty value mean none.
 */
export function isMoreFlag(value: unknown): boolean {
	if (value === true || value === 'true') return true;
	const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' && number > 0;
}

/** The keys of an answer's first levels (`data`, `data.data`), to say what an answer in an unknown shape holds. */
export function answerKeysOf(body: unknown): string {
	const levels: string[] = [];
	let value = body;
	for (const name of ['answer', 'data', 'data.data']) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) break;
		levels.push(`${name} {${Object.keys(value).join(', ')}}`);
		value = (value as Record<string, unknown>).data;
	}
	return levels.join(', ') || `answer ${JSON.stringify(body)?.slice(0, 80)}`;
}
