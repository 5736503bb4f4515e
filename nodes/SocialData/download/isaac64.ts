/**
 * Bob Jenkins' ISAAC64 random generator, with the 64-bit words kept as pairs of 32-bit halves
 * (hi, lo) so the keystream needs no BigInt: a BigInt per word would be far too slow for video files.
 */

const WORDS = 256;
/** One generation round's output: 256 words of 8 bytes. */
export const ISAAC64_BLOCK_BYTES = WORDS * 8;

/** 0x9e3779b97f4a7c13, the golden ratio, split into halves. */
const GOLDEN_HI = 0x9e3779b9;
const GOLDEN_LO = 0x7f4a7c13;

export class Isaac64 {
	private readonly memHi = new Uint32Array(WORDS);
	private readonly memLo = new Uint32Array(WORDS);
	private readonly resultHi = new Uint32Array(WORDS);
	private readonly resultLo = new Uint32Array(WORDS);
	private aHi = 0;
	private aLo = 0;
	private bHi = 0;
	private bLo = 0;
	private cHi = 0;
	private cLo = 0;
	/** The bytes of the last round in output order (last word first, each big-endian). */
	private readonly block = new Uint8Array(ISAAC64_BLOCK_BYTES);
	private readonly blockView = new DataView(this.block.buffer);

	/** Seeded with one word (`seedHi`, `seedLo`) and the rest of the seed zero. */
	constructor(seedHi: number, seedLo: number) {
		this.resultHi[0] = seedHi >>> 0;
		this.resultLo[0] = seedLo >>> 0;
		this.initialise();
	}

	/** The next ISAAC64_BLOCK_BYTES bytes of keystream (the array is reused by the following call). */
	nextBlock(): Uint8Array {
		this.generate();
		const view = this.blockView;
		for (let i = 0, word = WORDS - 1; word >= 0; word--, i += 8) {
			view.setUint32(i, this.resultHi[word]);
			view.setUint32(i + 4, this.resultLo[word]);
		}
		return this.block;
	}

	/** The next 64-bit output as [hi, lo] halves, in the order of the bytes of `nextBlock`; for tests. */
	static words(generator: Isaac64, count: number): Array<[number, number]> {
		const words: Array<[number, number]> = [];
		while (words.length < count) {
			const block = new DataView(generator.nextBlock().buffer.slice(0));
			for (let i = 0; i < ISAAC64_BLOCK_BYTES && words.length < count; i += 8) words.push([block.getUint32(i), block.getUint32(i + 4)]);
		}
		return words;
	}

	/**
	 * randinit(flag = true): the golden-ratio start and two mixing passes over the seed. Its closing
	 * generation round is the first `nextBlock()`, whose output is the first keystream.
	 */
	private initialise(): void {
		const h = new Uint32Array(8);
		const l = new Uint32Array(8);
		h.fill(GOLDEN_HI);
		l.fill(GOLDEN_LO);
		for (let i = 0; i < 4; i++) mix(h, l);
		for (const [sourceHi, sourceLo] of [
			[this.resultHi, this.resultLo],
			[this.memHi, this.memLo],
		]) {
			for (let i = 0; i < WORDS; i += 8) {
				for (let j = 0; j < 8; j++) {
					const lo = l[j] + sourceLo[i + j];
					l[j] = lo;
					h[j] = h[j] + sourceHi[i + j] + (lo > 0xffffffff ? 1 : 0);
				}
				mix(h, l);
				this.memHi.set(h, i);
				this.memLo.set(l, i);
			}
		}
	}

	/** isaac64(): one round, filling the 256 result words. */
	private generate(): void {
		const memHi = this.memHi;
		const memLo = this.memLo;
		const outHi = this.resultHi;
		const outLo = this.resultLo;
		let aHi = this.aHi;
		let aLo = this.aLo;
		// b += ++c
		this.cLo = (this.cLo + 1) >>> 0;
		if (this.cLo === 0) this.cHi = (this.cHi + 1) >>> 0;
		let sum = this.bLo + this.cLo;
		let bLo = sum >>> 0;
		let bHi = (this.bHi + this.cHi + (sum > 0xffffffff ? 1 : 0)) >>> 0;

		for (let m = 0; m < WORDS; m++) {
			const m2 = (m + WORDS / 2) & (WORDS - 1);
			// The mixing of a, by the step's position in groups of four.
			let mixHi: number;
			let mixLo: number;
			switch (m & 3) {
				case 0: // ~(a ^ (a << 21))
					mixHi = ~(aHi ^ ((aHi << 21) | (aLo >>> 11)));
					mixLo = ~(aLo ^ (aLo << 21));
					break;
				case 1: // a ^ (a >>> 5)
					mixHi = aHi ^ (aHi >>> 5);
					mixLo = aLo ^ ((aLo >>> 5) | (aHi << 27));
					break;
				case 2: // a ^ (a << 12)
					mixHi = aHi ^ ((aHi << 12) | (aLo >>> 20));
					mixLo = aLo ^ (aLo << 12);
					break;
				default: // a ^ (a >>> 33)
					mixHi = aHi;
					mixLo = aLo ^ (aHi >>> 1);
			}
			// a = mix + mem[m2]
			sum = (mixLo >>> 0) + memLo[m2];
			aLo = sum >>> 0;
			aHi = ((mixHi >>> 0) + memHi[m2] + (sum > 0xffffffff ? 1 : 0)) >>> 0;
			// y = mem[(x >> 3) & 255] + a + b; mem[m] = y
			const xHi = memHi[m];
			const xLo = memLo[m];
			const xi = (xLo >>> 3) & 0xff;
			sum = memLo[xi] + aLo;
			let yLo = sum >>> 0;
			let yHi = memHi[xi] + aHi + (sum > 0xffffffff ? 1 : 0);
			sum = yLo + bLo;
			yLo = sum >>> 0;
			yHi = (yHi + bHi + (sum > 0xffffffff ? 1 : 0)) >>> 0;
			memHi[m] = yHi;
			memLo[m] = yLo;
			// b = mem[(y >> 11) & 255] + x; result[m] = b
			const yi = (yLo >>> 11) & 0xff;
			sum = memLo[yi] + xLo;
			bLo = sum >>> 0;
			bHi = (memHi[yi] + xHi + (sum > 0xffffffff ? 1 : 0)) >>> 0;
			outHi[m] = bHi;
			outLo[m] = bLo;
		}
		this.aHi = aHi;
		this.aLo = aLo;
		this.bHi = bHi;
		this.bLo = bLo;
	}
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
	subtract(h, l, A, E); xorShiftRight(h, l, F, H, 9); add(h, l, H, A);
	subtract(h, l, B, F); xorShiftLeft(h, l, G, A, 9); add(h, l, A, B);
	subtract(h, l, C, G); xorShiftRight(h, l, H, B, 23); add(h, l, B, C);
	subtract(h, l, D, H); xorShiftLeft(h, l, A, C, 15); add(h, l, C, D);
	subtract(h, l, E, A); xorShiftRight(h, l, B, D, 14); add(h, l, D, E);
	subtract(h, l, F, B); xorShiftLeft(h, l, C, E, 20); add(h, l, E, F);
	subtract(h, l, G, C); xorShiftRight(h, l, D, F, 17); add(h, l, F, G);
	subtract(h, l, H, D); xorShiftLeft(h, l, E, G, 14); add(h, l, G, H);
}
