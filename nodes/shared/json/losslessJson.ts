import { quoteUnsafeIntegersExact, quoteUnsafeIntegersFast } from './unsafeIntegerQuoting';

/**
 * JSON.parse that keeps integers beyond Number.MAX_SAFE_INTEGER exact: such integer literals come out
 * as decimal strings (the gateway's 64-bit ids), every other value exactly as JSON.parse gives it.
 * Invalid JSON throws the SyntaxError JSON.parse throws for the same text.
 *
 * The literals are quoted in the text, then the native JSON.parse does the parsing: on Node 20 there is
 * no source-text reviver, and where there is one, a reviver runs several times slower than this.
 */
export function parseLosslessJson(text: string): unknown {
	const quoted = quoteUnsafeIntegersFast(text);
	if (quoted === text) return JSON.parse(text);
	try {
		return JSON.parse(quoted);
	} catch {
		// Either the text is invalid, or a digit run inside a string literal was taken for a value.
		return parseWithExactQuoting(text);
	}
}

function parseWithExactQuoting(text: string): unknown {
	const quoted = quoteUnsafeIntegersExact(text);
	try {
		return JSON.parse(quoted);
	} catch (quotedError) {
		// Quoting keeps invalid JSON invalid: parsing the caller's text reports the caller's positions.
		JSON.parse(text);
		throw quotedError;
	}
}
