/**
 * JSON.parse that keeps integers beyond Number.MAX_SAFE_INTEGER exact: such integer literals come out
 * as decimal strings (64-bit ids of the gateway), every other value exactly as JSON.parse gives it.
 *
 * Works on Node 20 (no JSON.parse source-text reviver): unsafe integer literals are wrapped in quotes,
 * then the text goes through the native JSON.parse.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_9 = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const COLON = 0x3a;

/** 2^53, the smallest integer magnitude that is not safe, as written in JSON. */
const FIRST_UNSAFE_MAGNITUDE = '9007199254740992';

/** Regex source matching digit strings of the same length as `bound` that are >= bound. */
function sameLengthAtLeast(bound: string): string {
	const head = bound.charCodeAt(0) - DIGIT_0;
	if (bound.length === 1) return `[${head}-9]`;
	const rest = `${head}${sameLengthAtLeast(bound.slice(1))}`;
	return head === 9 ? rest : `(?:[${head + 1}-9]\\d{${bound.length - 1}}|${rest})`;
}

const UNSAFE_INTEGER = `-?(?:[1-9]\\d{${FIRST_UNSAFE_MAGNITUDE.length},}|${sameLengthAtLeast(FIRST_UNSAFE_MAGNITUDE)})`;

/**
 * Fast path: an unsafe integer literal right after `:`, `,` or `[` (a value position), not continued as
 * a decimal/exponent and not used as an object key. It ignores string boundaries on purpose: a match
 * inside a string literal gets its opening quote inserted inside that string, which closes the string
 * right before a digit or '-', so JSON.parse always rejects that text and the exact path takes over.
 * The structural character is consumed, so the replacement needs no callback.
 */
const UNSAFE_INTEGER_VALUE = new RegExp(
	`([:,[][ \\t\\n\\r]*)(${UNSAFE_INTEGER})(?![\\d.eE]|[ \\t\\n\\r]*:)`,
	'g',
);
const WHOLE_TEXT_UNSAFE_INTEGER = new RegExp(`^[ \\t\\n\\r]*(${UNSAFE_INTEGER})[ \\t\\n\\r]*$`);
/** A 16-digit run is the shortest possible unsafe integer: without one, JSON.parse is already exact. */
const SIXTEEN_DIGITS = /\d{16}/;

export function parseLosslessJson(text: string): unknown {
	if (!SIXTEEN_DIGITS.test(text)) return JSON.parse(text);

	const topLevelInteger = WHOLE_TEXT_UNSAFE_INTEGER.exec(text);
	if (topLevelInteger) return topLevelInteger[1];

	try {
		return JSON.parse(text.replace(UNSAFE_INTEGER_VALUE, '$1"$2"'));
	} catch {
		return parseWithExactScan(text);
	}
}

/** Slow path for texts the fast path cannot handle: unsafe-looking integers inside strings, or invalid JSON. */
function parseWithExactScan(text: string): unknown {
	try {
		return JSON.parse(quoteUnsafeIntegerTokens(text));
	} catch (quotedError) {
		// Quoting never turns invalid JSON into valid JSON, so the original text fails too and reports
		// the error position of the caller's text.
		JSON.parse(text);
		throw quotedError;
	}
}

/**
 * Quotes every unsafe integer token outside string literals. A token is a maximal run of number
 * characters starting with '-' or a digit; it is quoted only when it is a plain integer with no
 * leading zero and is not followed by ':', so that an invalid text stays invalid.
 */
function quoteUnsafeIntegerTokens(text: string): string {
	const length = text.length;
	let quoted = '';
	let copiedUpTo = 0;
	let index = 0;
	while (index < length) {
		const code = text.charCodeAt(index);
		if (code === QUOTE) {
			index = endOfStringLiteral(text, index + 1);
		} else if (code === MINUS || (code >= DIGIT_0 && code <= DIGIT_9)) {
			const start = index;
			index++;
			while (index < length && isNumberCharacter(text.charCodeAt(index))) index++;
			if (isUnsafeIntegerLiteral(text, start, index) && !isFollowedByColon(text, index)) {
				quoted += `${text.slice(copiedUpTo, start)}"${text.slice(start, index)}"`;
				copiedUpTo = index;
			}
		} else {
			index++;
		}
	}
	return copiedUpTo === 0 ? text : quoted + text.slice(copiedUpTo);
}

/** Index just after the closing quote of the string literal whose content starts at `index`. */
function endOfStringLiteral(text: string, index: number): number {
	for (;;) {
		const quote = text.indexOf('"', index);
		if (quote === -1) return text.length;
		let backslashes = 0;
		while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
		if (backslashes % 2 === 0) return quote + 1;
		index = quote + 1;
	}
}

function isNumberCharacter(code: number): boolean {
	return (
		(code >= DIGIT_0 && code <= DIGIT_9) ||
		code === DOT ||
		code === LOWER_E ||
		code === UPPER_E ||
		code === PLUS ||
		code === MINUS
	);
}

function isUnsafeIntegerLiteral(text: string, start: number, end: number): boolean {
	const digitsStart = text.charCodeAt(start) === MINUS ? start + 1 : start;
	const digitCount = end - digitsStart;
	if (digitCount < FIRST_UNSAFE_MAGNITUDE.length) return false;
	const first = text.charCodeAt(digitsStart);
	if (first < DIGIT_1 || first > DIGIT_9) return false;
	for (let index = digitsStart + 1; index < end; index++) {
		const code = text.charCodeAt(index);
		if (code < DIGIT_0 || code > DIGIT_9) return false;
	}
	return digitCount > FIRST_UNSAFE_MAGNITUDE.length || text.slice(digitsStart, end) >= FIRST_UNSAFE_MAGNITUDE;
}

function isFollowedByColon(text: string, index: number): boolean {
	let code = text.charCodeAt(index);
	while (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) code = text.charCodeAt(++index);
	return code === COLON;
}
