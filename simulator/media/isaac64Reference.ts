/**
 * ISAAC64 written the plain way, with BigInt words, straight from Bob Jenkins' isaac64.c (randinit
 * with flag set, then isaac64()). Slow, and independent of the pack's halves-based version: the
 * simulator encrypts with this one, so a bug in the pack cannot cancel itself out.
 */
const MASK = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c13n;

function mix(v: bigint[]): void {
	const [a0, b0, c0, d0, e0, f0, g0, h0] = v;
	let [a, b, c, d, e, f, g, h] = [a0, b0, c0, d0, e0, f0, g0, h0];
	a = (a - e) & MASK;
	f ^= h >> 9n;
	h = (h + a) & MASK;
	b = (b - f) & MASK;
	g ^= (a << 9n) & MASK;
	a = (a + b) & MASK;
	c = (c - g) & MASK;
	h ^= b >> 23n;
	b = (b + c) & MASK;
	d = (d - h) & MASK;
	a ^= (c << 15n) & MASK;
	c = (c + d) & MASK;
	e = (e - a) & MASK;
	b ^= d >> 14n;
	d = (d + e) & MASK;
	f = (f - b) & MASK;
	c ^= (e << 20n) & MASK;
	e = (e + f) & MASK;
	g = (g - c) & MASK;
	d ^= f >> 17n;
	f = (f + g) & MASK;
	h = (h - d) & MASK;
	e ^= (g << 14n) & MASK;
	g = (g + h) & MASK;
	v.splice(0, 8, a, b, c, d, e, f, g, h);
}

/** The keystream of `length` bytes for a decimal seed: words from the last index of each round down, big-endian. */
export function referenceKeystream(seed: bigint, length: number): Buffer {
	const mem = new Array<bigint>(256).fill(0n);
	const rsl = new Array<bigint>(256).fill(0n);
	rsl[0] = seed & MASK;
	let aa = 0n;
	let bb = 0n;
	let cc = 0n;
	const v = new Array<bigint>(8).fill(GOLDEN);
	for (let i = 0; i < 4; i++) mix(v);
	for (const source of [rsl, mem]) {
		for (let i = 0; i < 256; i += 8) {
			for (let j = 0; j < 8; j++) v[j] = (v[j] + source[i + j]) & MASK;
			mix(v);
			for (let j = 0; j < 8; j++) mem[i + j] = v[j];
		}
	}
	const round = () => {
		cc = (cc + 1n) & MASK;
		let a = aa;
		let b = (bb + cc) & MASK;
		for (let m = 0; m < 256; m++) {
			const shifted = [
				~(a ^ ((a << 21n) & MASK)) & MASK,
				a ^ (a >> 5n),
				a ^ ((a << 12n) & MASK),
				a ^ (a >> 33n),
			][m & 3];
			a = (shifted + mem[(m + 128) & 255]) & MASK;
			const x = mem[m];
			const y = (mem[Number((x >> 3n) & 255n)] + a + b) & MASK;
			mem[m] = y;
			b = (mem[Number((y >> 11n) & 255n)] + x) & MASK;
			rsl[m] = b;
		}
		aa = a;
		bb = b;
	};
	round();
	const out = Buffer.alloc(Math.ceil(length / 2048) * 2048);
	for (let offset = 0; offset < length; offset += 2048) {
		if (offset > 0) round();
		for (let word = 255, i = offset; word >= 0; word--, i += 8) out.writeBigUInt64BE(rsl[word], i);
	}
	return out.subarray(0, length);
}
