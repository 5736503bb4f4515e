import { ISAAC64_ROUND_BYTES, ISAAC64_WORDS as WORDS, isaac64Seeded } from './isaac64State';

/** Whether this machine keeps a 32-bit word's low byte first. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The int32 whose bytes in memory are `value` written big-endian. */
function toBigEndian(value: number): number {
	if (!LITTLE_ENDIAN) return value;
	return (value << 24) | ((value & 0xff00) << 8) | ((value >>> 8) & 0xff00) | (value >>> 24);
}

const ROUND_WORDS = ISAAC64_ROUND_BYTES / 4;

/**
 * ISAAC64's keystream as one long run of bytes: each `xor` call carries on where the previous one
 * stopped. Each round's bytes are its result words from the last to the first, each big-endian.
 * The 64-bit words are kept as 32-bit halves: a BigInt per word would be far too slow.
 */
export class Isaac64Keystream {
	private readonly hi: Int32Array;
	private readonly lo: Int32Array;
	private aHi = 0;
	private aLo = 0;
	private bHi = 0;
	private bLo = 0;
	private cHi = 0;
	private cLo = 0;
	/** The round the last call ended inside, and how much of it was used. */
	private readonly round = new Uint8Array(ISAAC64_ROUND_BYTES);
	private roundUsed = ISAAC64_ROUND_BYTES;
	/** Rounds for bytes off a 4-byte boundary are XORed here, then copied back. */
	private readonly scratch = new Int32Array(ROUND_WORDS);
	private readonly scratchBytes = new Uint8Array(this.scratch.buffer);

	/** The keystream of a seed word given in 32-bit halves. */
	constructor(seedHi: number, seedLo: number) {
		const state = isaac64Seeded(seedHi, seedLo);
		this.hi = state.hi;
		this.lo = state.lo;
	}

	/** XORs the next `bytes.length` bytes of keystream into `bytes`, in place. */
	xor(bytes: Uint8Array): void {
		let at = 0;
		while (at < bytes.length && this.roundUsed < ISAAC64_ROUND_BYTES)
			bytes[at++] ^= this.round[this.roundUsed++];
		const rounds = Math.floor((bytes.length - at) / ISAAC64_ROUND_BYTES);
		if (rounds > 0) {
			this.xorRounds(bytes, at, rounds);
			at += rounds * ISAAC64_ROUND_BYTES;
		}
		if (at === bytes.length) return;
		this.round.fill(0);
		this.xorRounds(this.round, 0, 1);
		this.roundUsed = 0;
		while (at < bytes.length) bytes[at++] ^= this.round[this.roundUsed++];
	}

	/** XORs the next `rounds` whole rounds of keystream into `bytes` from `at` on. */
	private xorRounds(bytes: Uint8Array, at: number, rounds: number): void {
		const start = bytes.byteOffset + at;
		if ((start & 3) === 0) {
			const words = new Int32Array(bytes.buffer, start, rounds * ROUND_WORDS);
			for (let round = 0; round < rounds; round++) this.generate(words, round * ROUND_WORDS);
			return;
		}
		for (let round = 0; round < rounds; round++) {
			const from = at + round * ISAAC64_ROUND_BYTES;
			this.scratchBytes.set(bytes.subarray(from, from + ISAAC64_ROUND_BYTES));
			this.generate(this.scratch, 0);
			bytes.set(this.scratchBytes, from);
		}
	}

	/**
	 * isaac64(): one round, XORing its 256 result words into `out` from word `at` on. Each rngstep, with `x = mem[i]`:
	 * `a = mix(a) + mem[i ± 128]; mem[i] = y = mem[(x >> 3) & 255] + a + b; result[i] = b = mem[(y >> 11) & 255] + x`,
	 * four per turn, each mixing `a` its own way. Written out on int32 halves (`| 0`) in locals: V8
	 * then stays in integer arithmetic, and a carry is an unsigned comparison of the low halves.
	 */
	private generate(out: Int32Array, at: number): void {
		const memHi = this.hi;
		const memLo = this.lo;
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
