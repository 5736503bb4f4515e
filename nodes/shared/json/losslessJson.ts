import { quoteUnsafeIntegersExact } from './unsafeIntegerQuoting';

/**
 * JSON.parse that keeps integers beyond Number.MAX_SAFE_INTEGER exact: such integer literals come out
 * as decimal strings (the gateway's 64-bit ids), every other value exactly as JSON.parse gives it.
 * Invalid JSON throws the SyntaxError JSON.parse throws for the same text.
 *
 * For texts (error bodies, JSON typed by users): the literals are quoted by an exact scan, then the
 * native JSON.parse does the parsing. Answers arrive as bytes and take the faster parseLosslessJsonBytes.
 */
export function parseLosslessJson(text: string): unknown {
	const quoted = quoteUnsafeIntegersExact(text);
	if (quoted === text) return JSON.parse(text);
	const outcome = attemptParse(JSON.parse, quoted);
	if (outcome.ok) return outcome.value;
	// Quoting keeps invalid JSON invalid: parsing the caller's text reports the caller's positions.
	JSON.parse(text);
	throw outcome.error;
}

/** What a parse gave: the value, or the error the parser threw for invalid JSON. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; error: Error };

/** Runs a JSON parser and hands back invalid JSON as an outcome, so the caller decides which error to raise. */
export function attemptParse(parse: (text: string) => unknown, text: string): ParseOutcome {
	try {
		return { ok: true, value: parse(text) };
	} catch (error) {
		return { ok: false, error: error as Error };
	}
}
