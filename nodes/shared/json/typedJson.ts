import type { ParseOutcome } from './losslessJson';
import { attemptParse, parseLosslessJson } from './losslessJson';

/**
 * The one reader of JSON a user typed (JSON parameters, options, list-search settings): read the way
 * answers are, so an integer beyond 2^53-1 keeps every digit (as an exact decimal string, like the
 * 64-bit ids of answers). Invalid JSON comes back as an outcome, so each node words its own error.
 */
export function readTypedJson(text: string): ParseOutcome {
	return attemptParse(parseLosslessJson, text);
}
