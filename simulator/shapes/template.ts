import * as fs from 'node:fs';
import * as path from 'node:path';
import { isRecord, withField } from '../objectPaths';

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
		isRecord(value) && typeof value[BIG] === 'string' ? BigInt(value[BIG]) : value,
	);
}

/**
 * A recorded upstream answer (simulator/recorded/<file>), parsed once with 64-bit integers as
 * bigint. Shared by every answer built from it: never change it in place (`pour` copies).
 */
export function recordedAnswer(file: string): Record<string, unknown> {
	if (!loaded.has(file))
		loaded.set(file, parseRecorded(fs.readFileSync(path.join(RECORDED_DIR, file), 'utf8')));
	return loaded.get(file) as Record<string, unknown>;
}

/**
 * A copy of a recorded record with generated values poured in at their dot paths: the recorded
 * keys, nesting and types stay; the values the simulator generates (ids, texts, counts, times)
 * replace the anonymised ones. Only the objects on the way are copied: the recording stays as read.
 */
export function pour(template: unknown, values: Record<string, unknown>): Record<string, unknown> {
	return Object.entries(values).reduce<Record<string, unknown>>(
		(record, [dotPath, value]) => withField(record, dotPath.split('.'), value),
		isRecord(template) ? template : {},
	);
}
