import { Isaac64Keystream } from './isaac64Keystream';

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
	private readonly keystream: Isaac64Keystream;
	private position = 0;

	constructor(
		key: DecodeKey,
		private readonly encryptedLength: number,
	) {
		this.keystream = new Isaac64Keystream(key.hi, key.lo);
	}

	/** Bytes of the file seen so far. */
	get bytesSeen(): number {
		return this.position;
	}

	/** Decrypts the next chunk of the file in place and returns it. */
	update(chunk: Uint8Array): Uint8Array {
		const encrypted = Math.min(chunk.length, this.encryptedLength - this.position);
		if (encrypted > 0) this.keystream.xor(chunk.subarray(0, encrypted));
		this.position += chunk.length;
		return chunk;
	}
}

/** Whether a file starts like an MP4 (ISO base media): its first box is `ftyp`. */
export function looksLikeMp4(head: Uint8Array): boolean {
	return (
		head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70
	);
}
