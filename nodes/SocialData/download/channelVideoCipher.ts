import { Isaac64, ISAAC64_BLOCK_BYTES } from './isaac64';

/** How much of a channel video is encrypted when the download answer has no `X-enclen` header. */
export const DEFAULT_ENCRYPTED_LENGTH = 131_072;

const MAX_DECODE_KEY = (1n << 64n) - 1n;

/** A decode key as the one 64-bit seed word of ISAAC64, in 32-bit halves. */
export interface DecodeKey {
	/** The key as the service wrote it (decimal digits). */
	text: string;
	hi: number;
	lo: number;
}

/**
 * Reads a `decode_key`: decimal digits up to 2^64−1, given as text (or as an integer the lossless
 * parser kept exact). undefined when it is not one.
 */
export function decodeKeyOf(value: unknown): DecodeKey | undefined {
	let text: string;
	if (typeof value === 'string') text = value.trim();
	else if (typeof value === 'bigint') text = value.toString();
	// A number beyond 2^53 already lost digits: refused rather than decrypting with the wrong key.
	else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
		text = String(value);
	else return undefined;
	if (!/^\d{1,20}$/.test(text)) return undefined;
	const key = BigInt(text);
	if (key > MAX_DECODE_KEY) return undefined;
	return { text: key.toString(), hi: Number(key >> 32n), lo: Number(key & 0xffffffffn) };
}

/** The encrypted length a download answer announces in `X-enclen`; the default when absent or unreadable. */
export function encryptedLengthOf(header: string | string[] | undefined): number {
	const value = Number(Array.isArray(header) ? header[0] : header);
	return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_ENCRYPTED_LENGTH;
}

/**
 * Decrypts a channel video as its bytes go by: the first `encryptedLength` bytes of the file are
 * XORed with the ISAAC64 keystream of the decode key, the rest passes unchanged. A file shorter than
 * that length is decrypted as far as it goes.
 */
export class ChannelVideoDecryptor {
	private readonly generator: Isaac64;
	private block: Uint8Array = new Uint8Array(0);
	private blockOffset = 0;
	private position = 0;

	constructor(
		key: DecodeKey,
		private readonly encryptedLength: number,
	) {
		this.generator = new Isaac64(key.hi, key.lo);
	}

	/** Bytes of the file seen so far. */
	get bytesSeen(): number {
		return this.position;
	}

	/** Decrypts the next chunk of the file in place and returns it. */
	update(chunk: Uint8Array): Uint8Array {
		const end = Math.min(chunk.length, this.encryptedLength - this.position);
		let i = 0;
		while (i < end) {
			if (
				this.blockOffset === this.block.length &&
				end - i >= ISAAC64_BLOCK_BYTES &&
				((chunk.byteOffset + i) & 3) === 0
			) {
				i = this.xorWholeBlocks(chunk, i, end);
				continue;
			}
			if (this.blockOffset === this.block.length) {
				this.block = this.generator.nextBlock();
				this.blockOffset = 0;
			}
			const run = Math.min(end - i, this.block.length - this.blockOffset);
			this.xor(chunk, i, run);
			i += run;
			this.blockOffset += run;
		}
		this.position += chunk.length;
		return chunk;
	}

	/**
	 * XORs whole keystream blocks into the chunk from `at` (on a 4-byte boundary) as they are
	 * generated, skipping the copy through the generator's block; returns where they end.
	 */
	private xorWholeBlocks(chunk: Uint8Array, at: number, end: number): number {
		const start = chunk.byteOffset & ~3;
		const words = new Int32Array(chunk.buffer, start, (chunk.byteOffset + end - start) >>> 2);
		for (; end - at >= ISAAC64_BLOCK_BYTES; at += ISAAC64_BLOCK_BYTES)
			this.generator.xorNextBlockInto(words, (chunk.byteOffset + at - start) >>> 2);
		return at;
	}

	/** XORs `run` bytes of keystream into the chunk at `at`: four at a time where both sides are aligned alike. */
	private xor(chunk: Uint8Array, at: number, run: number): void {
		const block = this.block;
		let k = 0;
		// Bytes up to the chunk's next 4-byte boundary; words follow when the keystream is on one too.
		while (k < run && ((chunk.byteOffset + at + k) & 3) !== 0) {
			chunk[at + k] ^= block[this.blockOffset + k];
			k++;
		}
		if (((this.blockOffset + k) & 3) === 0 && run - k >= 4) {
			const words = (run - k) >>> 2;
			const target = new Int32Array(chunk.buffer, chunk.byteOffset + at + k, words);
			const source = this.generator.lastBlockWords;
			const first = (this.blockOffset + k) >>> 2;
			for (let w = 0; w < words; w++) target[w] ^= source[first + w];
			k += words * 4;
		}
		for (; k < run; k++) chunk[at + k] ^= block[this.blockOffset + k];
	}
}

/** Whether a file starts like an MP4 (ISO base media): its first box is `ftyp`. */
export function looksLikeMp4(head: Uint8Array): boolean {
	return (
		head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70
	);
}
