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
	try {
		return JSON.parse(quoted);
	} catch (quotedError) {
		// Quoting keeps invalid JSON invalid: parsing the caller's text reports the caller's positions.
		JSON.parse(text);
		throw quotedError;
	}
}
