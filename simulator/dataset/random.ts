/** Deterministic pseudo-randomness: every value is a pure function of its parts (seed, kind, key, index). */

export type Part = string | number | bigint;

export function hash32(...parts: Part[]): number {
	let h = 0x811c9dc5;
	const text = parts.join('\u0001');
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	// murmur3 finaliser: spreads FNV's weak low bits.
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Integer in [min, max]. */
export function intFor(min: number, max: number, ...parts: Part[]): number {
	return min + (hash32(...parts) % (max - min + 1));
}

export function pickFor<T>(values: readonly T[], ...parts: Part[]): T {
	return values[hash32(...parts) % values.length];
}

export function hexFor(length: number, ...parts: Part[]): string {
	let out = '';
	for (let block = 0; out.length < length; block++)
		out += hash32(...parts, 'hex', block)
			.toString(16)
			.padStart(8, '0');
	return out.slice(0, length);
}

export function digitsFor(length: number, ...parts: Part[]): string {
	let out = '';
	for (let block = 0; out.length < length; block++)
		out += String(hash32(...parts, 'dec', block) % 1e9).padStart(9, '0');
	return out.slice(0, length);
}

/**
 * A 19-digit id beyond 2^53 that a double cannot hold exactly, so any lossy JSON parse on the
 * client changes its digits and the tests notice.
 */
export function bigIdFor(...parts: Part[]): bigint {
	let id = BigInt(intFor(1, 8, ...parts, 'lead') + digitsFor(18, ...parts));
	if (BigInt(Number(id)) === id) id += 1n;
	return id;
}
