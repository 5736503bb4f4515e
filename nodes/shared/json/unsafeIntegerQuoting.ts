/**
 * Rewrites JSON text so that integer literals beyond Number.MAX_SAFE_INTEGER become string literals
 * ("12345678901234567890"), leaving everything else untouched. The rewrite only ever inserts a quote
 * right before a '-' or digit and right after a digit run, and never quote a literal followed by ':'
 * or starting with '0'; so they cannot turn invalid JSON into valid JSON.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const COLON = 0x3a;

/** 2^53 written out: the smallest unsafe magnitude, and with 16 digits the shortest unsafe literal. */
const FIRST_UNSAFE_MAGNITUDE = '9007199254740992';
const SHORTEST_UNSAFE_DIGITS = FIRST_UNSAFE_MAGNITUDE.length;

/** Only for in-range indexes: the unsigned trick maps NaN (charCodeAt out of range) to a digit. */
function isDigit(code: number): boolean {
	return (code - DIGIT_0) >>> 0 <= 9;
}

function isWhitespace(code: number): boolean {
	return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function hasUnsafeMagnitude(text: string, digitsStart: number, digitsEnd: number): boolean {
	const digitCount = digitsEnd - digitsStart;
	if (digitCount !== SHORTEST_UNSAFE_DIGITS) return digitCount > SHORTEST_UNSAFE_DIGITS;
	return text.slice(digitsStart, digitsEnd) >= FIRST_UNSAFE_MAGNITUDE;
}

function isFollowedByColon(text: string, index: number): boolean {
	let code = text.charCodeAt(index);
	while (isWhitespace(code)) code = text.charCodeAt(++index);
	return code === COLON;
}

function isUnescapedQuote(text: string, index: number): boolean {
	if (text.charCodeAt(index) !== QUOTE) return false;
	let backslashes = 0;
	while (text.charCodeAt(index - 1 - backslashes) === BACKSLASH) backslashes++;
	return backslashes % 2 === 0;
}

const LITERALS_PER_BLOCK = 256;
/** A block is dense below 48 source characters per quoted literal (measured: ids arrays ~20, records ~140). */
const DENSE_BLOCK_CHARACTERS = LITERALS_PER_BLOCK * 48;

/**
 * Builds the rewritten text as a rope of slices of the source: no characters are copied until
 * JSON.parse flattens it, once. A block of quoted literals spanning few characters (an array of ids)
 * is flattened early, because millions of tiny rope nodes cost the garbage collector more than that copy.
 */
class QuotedTextBuilder {
	private rope = '';
	private block = '';
	private blockLiterals = 0;
	private blockStart = 0;
	private copiedUpTo = 0;

	constructor(private readonly text: string) {}

	quote(start: number, end: number): void {
		this.block += `${this.text.slice(this.copiedUpTo, start)}"${this.text.slice(start, end)}"`;
		this.copiedUpTo = end;
		if (++this.blockLiterals < LITERALS_PER_BLOCK) return;
		// V8 flattens a rope when a character is read from it.
		if (end - this.blockStart < DENSE_BLOCK_CHARACTERS) this.block.charCodeAt(0);
		this.rope += this.block;
		this.block = '';
		this.blockLiterals = 0;
		this.blockStart = end;
	}

	finish(): string {
		return this.copiedUpTo === 0
			? this.text
			: this.rope + this.block + this.text.slice(this.copiedUpTo);
	}
}

/**
 * Exact rewrite that tokenizes like JSON: skips string literals (escapes included) and quotes a number
 * token (maximal run of number characters starting with '-' or a digit) when it is a plain integer
 * with an unsafe magnitude, no leading zero, and is not followed by ':'.
 */
export function quoteUnsafeIntegersExact(text: string): string {
	const length = text.length;
	const quoted = new QuotedTextBuilder(text);
	let index = 0;
	while (index < length) {
		const code = text.charCodeAt(index);
		if (code === QUOTE) {
			index = endOfStringLiteral(text, index + 1);
		} else if (code === MINUS || isDigit(code)) {
			const tokenStart = index;
			index++;
			while (index < length && isNumberCharacter(text.charCodeAt(index))) index++;
			if (isUnsafeIntegerToken(text, tokenStart, index) && !isFollowedByColon(text, index))
				quoted.quote(tokenStart, index);
		} else {
			index++;
		}
	}
	return quoted.finish();
}

/** Index just after the closing quote of the string literal whose content starts at `index`. */
function endOfStringLiteral(text: string, index: number): number {
	for (;;) {
		const quote = text.indexOf('"', index);
		if (quote === -1) return text.length;
		if (isUnescapedQuote(text, quote)) return quote + 1;
		index = quote + 1;
	}
}

function isNumberCharacter(code: number): boolean {
	return (
		isDigit(code) ||
		code === DOT ||
		code === LOWER_E ||
		code === UPPER_E ||
		code === PLUS ||
		code === MINUS
	);
}

function isUnsafeIntegerToken(text: string, start: number, end: number): boolean {
	const digitsStart = text.charCodeAt(start) === MINUS ? start + 1 : start;
	if (end - digitsStart < SHORTEST_UNSAFE_DIGITS || text.charCodeAt(digitsStart) === DIGIT_0)
		return false;
	for (let index = digitsStart; index < end; index++) {
		if (!isDigit(text.charCodeAt(index))) return false;
	}
	return hasUnsafeMagnitude(text, digitsStart, end);
}
