import * as fs from 'node:fs';
import * as path from 'node:path';

const RECORDED_DIR = path.join(__dirname, '..', 'recorded');
const loaded = new Map<string, unknown>();

const BIG = '$bigint';

/**
 * JSON with integers beyond 2^53 − 1 as bigint (written back as bare digits), every other number as
 * JSON.parse reads it: captures hold floats with more digits than json-bigint accepts.
 */
function parseRecorded(text: string): unknown {
	const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
		/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token)) ? `{"${BIG}":"${token}"}` : token,
	);
	return JSON.parse(marked, (_key, value: unknown) =>
		isObject(value) && typeof value[BIG] === 'string' ? BigInt(value[BIG]) : value,
	);
}

/**
 * A recorded upstream answer (simulator/recorded/<file>), parsed with 64-bit integers as bigint.
 * Each call returns a fresh copy, so a route may fill it in.
 */
export function recordedAnswer(file: string): Record<string, unknown> {
	if (!loaded.has(file))
		loaded.set(file, parseRecorded(fs.readFileSync(path.join(RECORDED_DIR, file), 'utf8')));
	return structuredClone(loaded.get(file)) as Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at a dot path of a recorded answer (array steps by index). */
export function at(value: unknown, dotPath: string): unknown {
	return dotPath
		.split('.')
		.reduce<unknown>(
			(current, key) =>
				isObject(current) || Array.isArray(current)
					? (current as Record<string, unknown>)[key]
					: undefined,
			value,
		);
}

/**
 * A copy of a recorded record with generated values poured in at their dot paths: the recorded
 * keys, nesting and types stay; the values the simulator generates (ids, texts, counts, times)
 * replace the anonymised ones.
 */
export function pour(template: unknown, values: Record<string, unknown>): Record<string, unknown> {
	const copy = structuredClone(template) as Record<string, unknown>;
	for (const [dotPath, value] of Object.entries(values)) {
		const keys = dotPath.split('.');
		let target = copy;
		for (const key of keys.slice(0, -1)) {
			if (!isObject(target[key])) target[key] = {};
			target = target[key] as Record<string, unknown>;
		}
		target[keys[keys.length - 1]] = value;
	}
	return copy;
}
