import JSONbig from 'json-bigint';

const codec = JSONbig({ useNativeBigInt: true });

/** Serialises with bigint values written as raw digits (unquoted), the way the real service sends 64-bit ids. */
export function toJson(value: unknown): string {
	return codec.stringify(value);
}

/** Parses JSON keeping integers beyond 2^53 as bigint; objects come back as plain objects. */
export function parseJson(text: string): unknown {
	return plain(codec.parse(text));
}

// json-bigint builds objects without a prototype; tests compare recorded inputs with toEqual.
function plain(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(plain);
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, inner] of Object.entries(value)) out[key] = plain(inner);
		return out;
	}
	return value;
}
