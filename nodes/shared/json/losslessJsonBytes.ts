import { parseLosslessJson } from './losslessJson';

/**
 * parseLosslessJson for an answer's raw bytes, as the transport receives them. Unsafe integer
 * literals are quoted while the bytes are copied into a reused scratch buffer, which is then decoded
 * once: the only string built is the one any JSON.parse of the answer needs, so the cost over
 * `JSON.parse(bytes.toString())` is one byte scan and one copy.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const LOWER_L = 0x6c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** 2^53, the smallest unsafe magnitude; with 16 digits the shortest unsafe literal. */
const FIRST_UNSAFE = Buffer.from('9007199254740992');
const SHORTEST_UNSAFE_DIGITS = FIRST_UNSAFE.length;
/** Answers up to this size reuse one scratch buffer (no fresh pages per call); larger ones get their own. */
const SCRATCH_LIMIT = 32 * 1024 * 1024;

let scratch = Buffer.allocUnsafe(0);

const isDigit = (code: number) => (code - DIGIT_0) >>> 0 <= 9;
const isWhitespace = (code: number) =>
	code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function previousNonWhitespace(bytes: Uint8Array, index: number): number {
	while (index >= 0 && isWhitespace(bytes[index])) index--;
	return index;
}

function isUnescapedQuote(bytes: Uint8Array, index: number): boolean {
	if (index < 0 || bytes[index] !== QUOTE) return false;
	let backslashes = 0;
	while (index - 1 - backslashes >= 0 && bytes[index - 1 - backslashes] === BACKSLASH)
		backslashes++;
	return backslashes % 2 === 0;
}

function canEndValue(bytes: Uint8Array, index: number): boolean {
	if (index < 0) return false;
	const code = bytes[index];
	return (
		code === CLOSE_BRACE ||
		code === CLOSE_BRACKET ||
		code === LOWER_E ||
		code === LOWER_L ||
		isDigit(code) ||
		isUnescapedQuote(bytes, index)
	);
}

/** What precedes a value in valid JSON: nothing, `[`, `:` after a key, `,` after a value. */
function isInValuePosition(bytes: Uint8Array, tokenStart: number): boolean {
	const before = previousNonWhitespace(bytes, tokenStart - 1);
	if (before < 0) return true;
	const code = bytes[before];
	if (code === COLON) return isUnescapedQuote(bytes, previousNonWhitespace(bytes, before - 1));
	if (code === COMMA) return canEndValue(bytes, previousNonWhitespace(bytes, before - 1));
	if (code !== OPEN_BRACKET) return false;
	const outer = previousNonWhitespace(bytes, before - 1);
	return (
		outer < 0 || bytes[outer] === COLON || bytes[outer] === COMMA || bytes[outer] === OPEN_BRACKET
	);
}

function isFollowedByColon(bytes: Uint8Array, index: number): boolean {
	while (index < bytes.length && isWhitespace(bytes[index])) index++;
	return bytes[index] === COLON;
}

function hasUnsafeMagnitude(bytes: Uint8Array, start: number, end: number): boolean {
	if (end - start !== SHORTEST_UNSAFE_DIGITS) return end - start > SHORTEST_UNSAFE_DIGITS;
	for (let offset = 0; offset < SHORTEST_UNSAFE_DIGITS; offset++) {
		const difference = bytes[start + offset] - FIRST_UNSAFE[offset];
		if (difference !== 0) return difference > 0;
	}
	return true;
}

/**
 * Start and end offsets of the integer literals to quote, found by probing every 16th byte for a
 * digit. A run inside a string that still looks like a value gets quoted too: the result is then
 * invalid JSON and the caller falls back to the exact path.
 */
function unsafeLiteralRanges(bytes: Uint8Array): number[] {
	const ranges: number[] = [];
	const length = bytes.length;
	let probe = SHORTEST_UNSAFE_DIGITS - 1;
	while (probe < length) {
		if (!isDigit(bytes[probe])) {
			probe += SHORTEST_UNSAFE_DIGITS;
			continue;
		}
		let end = probe + 1;
		while (end < length && isDigit(bytes[end])) end++;
		let start = probe;
		const latestLongRunStart = end - SHORTEST_UNSAFE_DIGITS;
		while (start > latestLongRunStart && start > 0 && isDigit(bytes[start - 1])) start--;
		if (start <= latestLongRunStart) {
			while (start > 0 && isDigit(bytes[start - 1])) start--;
			const tokenStart = start > 0 && bytes[start - 1] === MINUS ? start - 1 : start;
			const next = end < length ? bytes[end] : 0;
			if (
				bytes[start] !== DIGIT_0 &&
				next !== DOT &&
				next !== LOWER_E &&
				next !== UPPER_E &&
				hasUnsafeMagnitude(bytes, start, end) &&
				isInValuePosition(bytes, tokenStart) &&
				!isFollowedByColon(bytes, end)
			) {
				ranges.push(tokenStart, end);
			}
		}
		probe = end + SHORTEST_UNSAFE_DIGITS;
	}
	return ranges;
}

function quotedCopy(bytes: Uint8Array, ranges: number[]): { target: Buffer; length: number } {
	const length = bytes.length + ranges.length;
	let target: Buffer;
	if (length > SCRATCH_LIMIT) target = Buffer.allocUnsafe(length);
	else {
		if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, scratch.length * 2));
		target = scratch;
	}
	let written = 0;
	let copied = 0;
	for (let index = 0; index < ranges.length; index += 2) {
		const [start, end] = [ranges[index], ranges[index + 1]];
		target.set(bytes.subarray(copied, start), written);
		written += start - copied;
		target[written++] = QUOTE;
		target.set(bytes.subarray(start, end), written);
		written += end - start;
		target[written++] = QUOTE;
		copied = end;
	}
	target.set(bytes.subarray(copied), written);
	return { target, length };
}

const asBuffer = (bytes: Uint8Array) =>
	Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function parseLosslessJsonBytes(bytes: Uint8Array): unknown {
	const buffer = asBuffer(bytes);
	const ranges = unsafeLiteralRanges(buffer);
	if (ranges.length === 0) return JSON.parse(buffer.toString('utf8'));
	const { target, length } = quotedCopy(buffer, ranges);
	try {
		return JSON.parse(target.toString('utf8', 0, length));
	} catch {
		// Invalid JSON, or a digit run inside a string was taken for a value: the exact text path decides.
		return parseLosslessJson(buffer.toString('utf8'));
	}
}
