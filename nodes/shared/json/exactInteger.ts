/**
 * An integer a user typed beyond 2^53-1, kept as its digits. It goes to the service as the JSON
 * number the user wrote (see toWireJson), not as a string: a service that wants a number gets one.
 */
export class ExactInteger {
	constructor(readonly digits: string) {}

	toJSON(): string {
		return `${MARK}${this.digits}${MARK}`;
	}
}

const MARK = '\u0000exact-integer\u0000';
/** How JSON.stringify writes the mark. */
const WRITTEN_MARK = JSON.stringify(MARK).slice(1, -1);
const MARKED = new RegExp(
	`"${WRITTEN_MARK.replace(/\\/g, '\\\\')}(-?\\d+)${WRITTEN_MARK.replace(/\\/g, '\\\\')}"`,
	'g',
);

/** JSON.stringify that writes ExactIntegers as plain JSON numbers. */
export function toWireJson(value: unknown): string {
	const text = JSON.stringify(value);
	return text.includes(WRITTEN_MARK) ? text.replace(MARKED, '$1') : text;
}

/**
 * Where the lossless reading of a text has a string and JSON.parse a number, the text held an
 * integer beyond 2^53-1: that place becomes an ExactInteger.
 */
export function withExactIntegers(lossless: unknown, rounded: unknown): unknown {
	if (typeof lossless === 'string' && typeof rounded === 'number')
		return new ExactInteger(lossless);
	if (Array.isArray(lossless) && Array.isArray(rounded))
		return lossless.map((entry, index) => withExactIntegers(entry, rounded[index]));
	if (lossless && rounded && typeof lossless === 'object' && typeof rounded === 'object') {
		const source = rounded as Record<string, unknown>;
		return Object.fromEntries(
			Object.entries(lossless).map(([key, entry]) => [key, withExactIntegers(entry, source[key])]),
		);
	}
	return lossless;
}
