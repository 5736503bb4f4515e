import { referenceKeystream } from './isaac64Reference';

/** The first `encryptedLength` bytes of `plain` XORed with the decode key's ISAAC64 keystream (clamped to the file). */
export function encryptedHead(plain: Buffer, decodeKey: bigint, encryptedLength: number): Buffer {
	const length = Math.min(encryptedLength, plain.length);
	const keystream = referenceKeystream(decodeKey, length);
	const out = Buffer.from(plain.subarray(0, length));
	for (let i = 0; i < length; i++) out[i] ^= keystream[i];
	return out;
}
