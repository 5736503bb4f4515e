/**
 * Bob Jenkins' ISAAC64 random generator, with the 64-bit words kept as pairs of 32-bit halves
 * (hi, lo) so the keystream needs no BigInt: a BigInt per word would be far too slow for video files.
 */

const WORDS = 256;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The int32 whose bytes in memory are `value` written big-endian. */
function toBigEndian(value: number): number {
	if (!LITTLE_ENDIAN) return value;
	return (value << 24) | ((value & 0xff00) << 8) | ((value >>> 8) & 0xff00) | (value >>> 24);
}

/** One generation round's output: 256 words of 8 bytes. */
export const ISAAC64_BLOCK_BYTES = WORDS * 8;

/** 0x9e3779b97f4a7c13, the golden ratio, split into halves. */
const GOLDEN_HI = 0x9e3779b9;
const GOLDEN_LO = 0x7f4a7c13;

export class Isaac64 {
	private readonly memHi = new Int32Array(WORDS);
	private readonly memLo = new Int32Array(WORDS);
	private aHi = 0;
	private aLo = 0;
	private bHi = 0;
	private bLo = 0;
	private cHi = 0;
	private cLo = 0;
	/** The bytes of the last round in output order (last word first, each big-endian)… */
	private readonly block = new Uint8Array(ISAAC64_BLOCK_BYTES);
	/** …and the same bytes as 32-bit words, for XOR four bytes at a time. */
	private readonly blockWords = new Int32Array(this.block.buffer);

	/** Seeded with one word (`seedHi`, `seedLo`) and the rest of the seed zero. */
	constructor(seedHi: number, seedLo: number) {
		this.initialise(seedHi >>> 0, seedLo >>> 0);
	}

	/** The next ISAAC64_BLOCK_BYTES bytes of keystream (the array is reused by the following call). */
	nextBlock(): Uint8Array {
		this.blockWords.fill(0);
		this.generate(this.blockWords, 0);
		return this.block;
	}

	/**
	 * XORs the next ISAAC64_BLOCK_BYTES bytes of keystream straight into `target` from word `at` on,
	 * skipping the copy through the block; `nextBlock` then no longer holds them.
	 */
	xorNextBlockInto(target: Int32Array, at: number): void {
		this.generate(target, at);
	}

	/** The bytes `nextBlock` returned, as 32-bit words over the same memory. */
	get lastBlockWords(): Int32Array {
		return this.blockWords;
	}

	/** The next 64-bit output as [hi, lo] halves, in the order of the bytes of `nextBlock`; for tests. */
	static words(generator: Isaac64, count: number): Array<[number, number]> {
		const words: Array<[number, number]> = [];
		while (words.length < count) {
			const block = new DataView(generator.nextBlock().buffer.slice(0));
			for (let i = 0; i < ISAAC64_BLOCK_BYTES && words.length < count; i += 8)
				words.push([block.getUint32(i), block.getUint32(i + 4)]);
		}
		return words;
	}

	/**
	 * randinit(flag = true): the golden-ratio start and two mixing passes over the seed. Its closing
	 * generation round is the first `nextBlock()`, whose output is the first keystream.
	 */
	private initialise(seedHi: number, seedLo: number): void {
		const h = new Uint32Array(8);
		const l = new Uint32Array(8);
		h.fill(GOLDEN_HI);
		l.fill(GOLDEN_LO);
		for (let i = 0; i < 4; i++) mix(h, l);
		const seed = { hi: new Uint32Array(WORDS), lo: new Uint32Array(WORDS) };
		seed.hi[0] = seedHi;
		seed.lo[0] = seedLo;
		for (const source of [seed, { hi: this.memHi, lo: this.memLo }]) {
			for (let i = 0; i < WORDS; i += 8) {
				for (let j = 0; j < 8; j++) {
					const lo = l[j] + (source.lo[i + j] >>> 0);
					l[j] = lo;
					h[j] = h[j] + (source.hi[i + j] >>> 0) + (lo > 0xffffffff ? 1 : 0);
				}
				mix(h, l);
				this.memHi.set(h, i);
				this.memLo.set(l, i);
			}
		}
	}

	/**
	 * isaac64(): one round, writing its 256 result words into the block. Each rngstep, with `x = mem[i]`:
	 * `a = mix(a) + mem[i ± 128]; mem[i] = y = mem[(x >> 3) & 255] + a + b; result[i] = b = mem[(y >> 11) & 255] + x`,
	 * four per turn, each mixing `a` its own way. Written out on int32 halves (`| 0`) in locals: V8
	 * then stays in integer arithmetic, and a carry is an unsigned comparison of the low halves.
	 */
	private generate(out: Int32Array, at: number): void {
		const memHi = this.memHi;
		const memLo = this.memLo;
		this.cLo = (this.cLo + 1) | 0;
		if (this.cLo === 0) this.cHi = (this.cHi + 1) | 0;
		let bLo = (this.bLo + this.cLo) | 0;
		let bHi = (this.bHi + this.cHi + (bLo >>> 0 < this.cLo >>> 0 ? 1 : 0)) | 0;
		let aHi = this.aHi;
		let aLo = this.aLo;
		let mixHi: number,
			mixLo: number,
			xHi: number,
			xLo: number,
			sHi: number,
			sLo: number,
			yLo: number,
			i: number,
			j: number;
		for (let m = 0; m < WORDS; m += 4) {
			// ~(a ^ (a << 21))
			mixHi = ~(aHi ^ ((aHi << 21) | (aLo >>> 11)));
			mixLo = ~(aLo ^ (aLo << 21));
			i = m;
			j = (i + 128) & 0xff;
			aLo = (mixLo + memLo[j]) | 0;
			aHi = (mixHi + memHi[j] + (aLo >>> 0 < mixLo >>> 0 ? 1 : 0)) | 0;
			xHi = memHi[i];
			xLo = memLo[i];
			j = (xLo >>> 3) & 0xff;
			sLo = (memLo[j] + aLo) | 0;
			sHi = (memHi[j] + aHi + (sLo >>> 0 < aLo >>> 0 ? 1 : 0)) | 0;
			yLo = (sLo + bLo) | 0;
			memHi[i] = (sHi + bHi + (yLo >>> 0 < sLo >>> 0 ? 1 : 0)) | 0;
			memLo[i] = yLo;
			j = (yLo >>> 11) & 0xff;
			bLo = (memLo[j] + xLo) | 0;
			bHi = (memHi[j] + xHi + (bLo >>> 0 < xLo >>> 0 ? 1 : 0)) | 0;
			j = at + ((WORDS - 1 - i) << 1);
			out[j] ^= toBigEndian(bHi);
			out[j + 1] ^= toBigEndian(bLo);
			// a ^ (a >>> 5)
			mixHi = aHi ^ (aHi >>> 5);
			mixLo = aLo ^ ((aLo >>> 5) | (aHi << 27));
			i = m + 1;
			j = (i + 128) & 0xff;
			aLo = (mixLo + memLo[j]) | 0;
			aHi = (mixHi + memHi[j] + (aLo >>> 0 < mixLo >>> 0 ? 1 : 0)) | 0;
			xHi = memHi[i];
			xLo = memLo[i];
			j = (xLo >>> 3) & 0xff;
			sLo = (memLo[j] + aLo) | 0;
			sHi = (memHi[j] + aHi + (sLo >>> 0 < aLo >>> 0 ? 1 : 0)) | 0;
			yLo = (sLo + bLo) | 0;
			memHi[i] = (sHi + bHi + (yLo >>> 0 < sLo >>> 0 ? 1 : 0)) | 0;
			memLo[i] = yLo;
			j = (yLo >>> 11) & 0xff;
			bLo = (memLo[j] + xLo) | 0;
			bHi = (memHi[j] + xHi + (bLo >>> 0 < xLo >>> 0 ? 1 : 0)) | 0;
			j = at + ((WORDS - 1 - i) << 1);
			out[j] ^= toBigEndian(bHi);
			out[j + 1] ^= toBigEndian(bLo);
			// a ^ (a << 12)
			mixHi = aHi ^ ((aHi << 12) | (aLo >>> 20));
			mixLo = aLo ^ (aLo << 12);
			i = m + 2;
			j = (i + 128) & 0xff;
			aLo = (mixLo + memLo[j]) | 0;
			aHi = (mixHi + memHi[j] + (aLo >>> 0 < mixLo >>> 0 ? 1 : 0)) | 0;
			xHi = memHi[i];
			xLo = memLo[i];
			j = (xLo >>> 3) & 0xff;
			sLo = (memLo[j] + aLo) | 0;
			sHi = (memHi[j] + aHi + (sLo >>> 0 < aLo >>> 0 ? 1 : 0)) | 0;
			yLo = (sLo + bLo) | 0;
			memHi[i] = (sHi + bHi + (yLo >>> 0 < sLo >>> 0 ? 1 : 0)) | 0;
			memLo[i] = yLo;
			j = (yLo >>> 11) & 0xff;
			bLo = (memLo[j] + xLo) | 0;
			bHi = (memHi[j] + xHi + (bLo >>> 0 < xLo >>> 0 ? 1 : 0)) | 0;
			j = at + ((WORDS - 1 - i) << 1);
			out[j] ^= toBigEndian(bHi);
			out[j + 1] ^= toBigEndian(bLo);
			// a ^ (a >>> 33)
			mixHi = aHi;
			mixLo = aLo ^ (aHi >>> 1);
			i = m + 3;
			j = (i + 128) & 0xff;
			aLo = (mixLo + memLo[j]) | 0;
			aHi = (mixHi + memHi[j] + (aLo >>> 0 < mixLo >>> 0 ? 1 : 0)) | 0;
			xHi = memHi[i];
			xLo = memLo[i];
			j = (xLo >>> 3) & 0xff;
			sLo = (memLo[j] + aLo) | 0;
			sHi = (memHi[j] + aHi + (sLo >>> 0 < aLo >>> 0 ? 1 : 0)) | 0;
			yLo = (sLo + bLo) | 0;
			memHi[i] = (sHi + bHi + (yLo >>> 0 < sLo >>> 0 ? 1 : 0)) | 0;
			memLo[i] = yLo;
			j = (yLo >>> 11) & 0xff;
			bLo = (memLo[j] + xLo) | 0;
			bHi = (memHi[j] + xHi + (bLo >>> 0 < xLo >>> 0 ? 1 : 0)) | 0;
			j = at + ((WORDS - 1 - i) << 1);
			out[j] ^= toBigEndian(bHi);
			out[j + 1] ^= toBigEndian(bLo);
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
