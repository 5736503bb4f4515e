const MASK = '***';

/** Removes every occurrence of the secret (plain and URL-encoded) from a text. */
export function redactSecret(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	let result = text.split(secret).join(MASK);
	const encoded = encodeURIComponent(secret);
	if (encoded !== secret) result = result.split(encoded).join(MASK);
	return result;
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
