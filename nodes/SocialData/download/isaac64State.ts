/**
 * ISAAC64's seeding (Bob Jenkins' randinit with flag = true). The 64-bit words are kept as pairs of
 * 32-bit halves (hi, lo), as the keystream keeps them: a BigInt per word would be far too slow.
 */

export const ISAAC64_WORDS = 256;

/** One generation round's output: 256 words of 8 bytes. */
export const ISAAC64_ROUND_BYTES = ISAAC64_WORDS * 8;

/** The 256 state words after seeding, in halves; the registers a, b and c start at zero. */
export interface Isaac64State {
	hi: Int32Array;
	lo: Int32Array;
}

/** 0x9e3779b97f4a7c13, the golden ratio, split into halves. */
const GOLDEN_HI = 0x9e3779b9;
const GOLDEN_LO = 0x7f4a7c13;

/**
 * The state seeded with one word (`seedHi`, `seedLo`) and the rest of the seed zero: the
 * golden-ratio start and two mixing passes over the seed. randinit's closing generation round is
 * the keystream's first round.
 */
export function isaac64Seeded(seedHi: number, seedLo: number): Isaac64State {
	const state: Isaac64State = {
		hi: new Int32Array(ISAAC64_WORDS),
		lo: new Int32Array(ISAAC64_WORDS),
	};
	const h = new Uint32Array(8);
	const l = new Uint32Array(8);
	h.fill(GOLDEN_HI);
	l.fill(GOLDEN_LO);
	for (let i = 0; i < 4; i++) mix(h, l);
	const seed = { hi: new Uint32Array(ISAAC64_WORDS), lo: new Uint32Array(ISAAC64_WORDS) };
	seed.hi[0] = seedHi >>> 0;
	seed.lo[0] = seedLo >>> 0;
	for (const source of [seed, state]) {
		for (let i = 0; i < ISAAC64_WORDS; i += 8) {
			for (let j = 0; j < 8; j++) {
				const lo = l[j] + (source.lo[i + j] >>> 0);
				l[j] = lo;
				h[j] = h[j] + (source.hi[i + j] >>> 0) + (lo > 0xffffffff ? 1 : 0);
			}
			mix(h, l);
			state.hi.set(h, i);
			state.lo.set(l, i);
		}
	}
	return state;
}

/** 64-bit a -= b on halves held in the arrays at indexes i and j. */
function subtract(h: Uint32Array, l: Uint32Array, i: number, j: number): void {
	const borrow = l[i] < l[j] ? 1 : 0;
	l[i] = l[i] - l[j];
	h[i] = h[i] - h[j] - borrow;
}

/** 64-bit a += b on halves held in the arrays at indexes i and j. */
function add(h: Uint32Array, l: Uint32Array, i: number, j: number): void {
	const lo = l[i] + l[j];
	l[i] = lo;
	h[i] = h[i] + h[j] + (lo > 0xffffffff ? 1 : 0);
}

/** a ^= b << n (n < 32) on halves. */
function xorShiftLeft(h: Uint32Array, l: Uint32Array, i: number, j: number, n: number): void {
	h[i] ^= (h[j] << n) | (l[j] >>> (32 - n));
	l[i] ^= l[j] << n;
}

/** a ^= b >>> n (n < 32) on halves. */
function xorShiftRight(h: Uint32Array, l: Uint32Array, i: number, j: number, n: number): void {
	l[i] ^= (l[j] >>> n) | (h[j] << (32 - n));
	h[i] ^= h[j] >>> n;
}

const [A, B, C, D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7];

/** ISAAC64's mix() of the eight initialisation words a..h. */
function mix(h: Uint32Array, l: Uint32Array): void {
	subtract(h, l, A, E);
	xorShiftRight(h, l, F, H, 9);
	add(h, l, H, A);
	subtract(h, l, B, F);
	xorShiftLeft(h, l, G, A, 9);
	add(h, l, A, B);
	subtract(h, l, C, G);
	xorShiftRight(h, l, H, B, 23);
	add(h, l, B, C);
	subtract(h, l, D, H);
	xorShiftLeft(h, l, A, C, 15);
	add(h, l, C, D);
	subtract(h, l, E, A);
	xorShiftRight(h, l, B, D, 14);
	add(h, l, D, E);
	subtract(h, l, F, B);
	xorShiftLeft(h, l, C, E, 20);
	add(h, l, E, F);
	subtract(h, l, G, C);
	xorShiftRight(h, l, D, F, 17);
	add(h, l, F, G);
	subtract(h, l, H, D);
	xorShiftLeft(h, l, E, G, 14);
	add(h, l, G, H);
}
