import { readTypedJson } from '../json/typedJson';
import type { FieldRef } from './inputError';
import { InputError } from './inputError';
import { isRecord } from '../json/isRecord';

/**
 * JSON the user typed, read without loss (an integer beyond 2^53-1 keeps every digit, see
 * readTypedJson). Invalid JSON is refused as `Field "<name>" (<Display Name>) is not valid JSON: …`.
 */
export function parseJsonInput(field: FieldRef, text: string): unknown {
	const outcome = readTypedJson(text);
	if (!outcome.ok) throw InputError.about(field, `is not valid JSON: ${outcome.error.message}`);
	return outcome.value;
}

/**
 * A JSON object given as JSON text or (through an expression) as an object; empty means none ({}).
 * Anything else is refused naming the field.
 */
export function jsonObjectInput(field: FieldRef, value: unknown): Record<string, unknown> {
	if (value === undefined || value === null) return {};
	if (typeof value === 'string' && value.trim() === '') return {};
	const parsed = typeof value === 'string' ? parseJsonInput(field, value) : value;
	if (!isRecord(parsed))
		throw InputError.about(field, 'must be a JSON object such as {"Field": "value"}');
	return parsed;
}
