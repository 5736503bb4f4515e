import { withExactIntegers } from './exactInteger';
import type { ParseOutcome } from './losslessJson';
import { attemptParse, parseLosslessJson } from './losslessJson';

/**
 * The one reader of JSON a user typed (JSON parameters, options, list-search settings): an integer
 * beyond 2^53-1 keeps every digit, as an ExactInteger that goes out as the number the user wrote.
 * Invalid JSON comes back as an outcome, so each node words its own error.
 */
export function readTypedJson(text: string): ParseOutcome {
	const outcome = attemptParse(parseLosslessJson, text);
	if (!outcome.ok || outcome.value === null || typeof outcome.value !== 'object') return outcome;
	return { ok: true, value: withExactIntegers(outcome.value, JSON.parse(text)) };
}
