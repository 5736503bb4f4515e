import type { AnswerMode, EndpointDescriptor } from '../descriptor';
import type { Input } from './validateInput';

/** The answer a call gets: the simplified one where the endpoint has `raw` and the input turns it off, else the upstream one. */
export const answerMode = (endpoint: EndpointDescriptor, input: Input): AnswerMode =>
	endpoint.raw && input.raw === false ? 'parsed' : 'raw';

/**
 * Reads dot paths such as `data.results.data.*.items.*` out of an answer; `*` walks arrays.
 * Hand-written: the pack has no runtime dependencies (no lodash `get`), and `*` must flatten records.
 */
export function valuesAt(root: unknown, path: string): unknown[] {
	let current: unknown[] = [root];
	for (const segment of path.split('.')) {
		const next: unknown[] = [];
		for (const value of current) {
			if (segment === '*') {
				if (Array.isArray(value)) next.push(...value);
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
 * Records of a page: a plain path must hold an array; `*` paths are flattened over every match,
 * in the order the records appear in the answer (boxes and their sub-boxes interleave as written).
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
			} else if (valuesAt(root, path.slice(0, -2)).length) found ??= [];
		} else {
			const [value] = valuesAt(root, path);
			if (Array.isArray(value)) return value;
		}
	}
	if (found && starPaths > 1) found.sort(byPosition);
	return found?.map((entry) => entry.value);
}

/** True, 1 and '1' mean "more pages". */
export function isMoreFlag(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 'true';
}
