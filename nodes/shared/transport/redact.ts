export const MASK = '***';

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A percent-encoded byte, whatever the case of its hex digits. */
function percentPattern(byte: number): string {
	const hex = byte.toString(16).padStart(2, '0');
	return `%${[...hex].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join('')}`;
}

/** One character as any URL encoder may write it: as is, percent-encoded, or `+` for a space. */
function characterPattern(character: string): string {
	const encoded = [...Buffer.from(character, 'utf8')].map(percentPattern).join('');
	const plus = character === ' ' ? '|\\+' : '';
	return `(?:${escapeRegExp(character)}|${encoded}${plus})`;
}

/**
 * Every form in which a service might echo the key: as sent; URL-encoded the way any encoder
 * writes it (encoders differ on `!'()*~`, on `+` for spaces and on the case of hex digits, so
 * each character may take any of its forms); base64 and base64url of it.
 */
function secretPattern(secret: string): RegExp {
	const encodedAnyWay = [...secret].map(characterPattern).join('');
	const base64 = Buffer.from(secret, 'utf8').toString('base64');
	const base64Forms = [base64, Buffer.from(secret, 'utf8').toString('base64url')].map(escapeRegExp);
	return new RegExp([encodedAnyWay, ...base64Forms].join('|'), 'g');
}

/** The most characters any form of the secret takes: every byte percent-encoded, or base64. */
function longestForm(secret: string): number {
	const bytes = Buffer.byteLength(secret, 'utf8');
	return Math.max(3 * bytes, Math.ceil(bytes / 3) * 4);
}

let cached: { secret: string; pattern: RegExp; longest: number } | undefined;

/** The search for every form of the secret, and the most characters one form takes. */
export function formsOf(secret: string): { pattern: RegExp; longest: number } {
	if (cached?.secret !== secret)
		cached = { secret, pattern: secretPattern(secret), longest: longestForm(secret) };
	return cached;
}

/** Removes every occurrence of the secret, in every encoding a service might echo, from a text. */
export function redactSecret(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.replace(formsOf(secret).pattern, MASK);
}

/** Where the secret occurs in a text, in any of its forms: [start, end) of each occurrence. */
export function secretSpans(text: string, secret: string | undefined): Array<[number, number]> {
	if (!secret || secret.length < 4) return [];
	return [...text.matchAll(formsOf(secret).pattern)].map((match) => [
		match.index,
		match.index + match[0].length,
	]);
}

/** Redacts the secret from every string inside a JSON-like value. */
export function redactDeep<T>(value: T, secret: string | undefined): T {
	if (typeof value === 'string') return redactSecret(value, secret) as T;
	if (Array.isArray(value)) return value.map((entry) => redactDeep(entry, secret)) as T;
	if (value && typeof value === 'object') {
		const result: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value)) result[key] = redactDeep(entry, secret);
		return result as T;
	}
	return value;
}

/**
 * Redacts the secret from every string of a freshly parsed answer, in place (the answer is the
 * caller's own, so nothing is copied). A string shorter than the key cannot hold any of its forms,
 * which spares the search in ids, counts and short text.
 */
export function redactAnswer<T>(value: T, secret: string | undefined): T {
	if (!secret || secret.length < 4) return value;
	const visit = (entry: unknown): unknown => {
		if (typeof entry === 'string')
			return entry.length < secret.length ? entry : redactSecret(entry, secret);
		if (Array.isArray(entry)) {
			for (let index = 0; index < entry.length; index++) entry[index] = visit(entry[index]);
		} else if (entry && typeof entry === 'object') {
			const record = entry as Record<string, unknown>;
			for (const key of Object.keys(record)) record[key] = visit(record[key]);
		}
		return entry;
	};
	return visit(value) as T;
}
