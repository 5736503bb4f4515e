const MASK = '***';

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

let cached: { secret: string; pattern: RegExp } | undefined;

/** Removes every occurrence of the secret, in every encoding a service might echo, from a text. */
export function redactSecret(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	if (cached?.secret !== secret) cached = { secret, pattern: secretPattern(secret) };
	return text.replace(cached.pattern, MASK);
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
