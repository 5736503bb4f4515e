import { ISAAC64_ROUND_BYTES } from './isaac64State';

/**
 * ISAAC64's keystream as one long run of bytes: each `xor` call carries on where the previous one
 * stopped. Implementations only XOR whole generation rounds; a round split across calls is kept here.
 * Each round's bytes are its result words from the last to the first, each big-endian.
 */
export abstract class Isaac64Keystream {
	/** The round the last call ended inside, and how much of it was used. */
	private readonly round = new Uint8Array(ISAAC64_ROUND_BYTES);
	private roundUsed = ISAAC64_ROUND_BYTES;

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
	protected abstract xorRounds(bytes: Uint8Array, at: number, rounds: number): void;
}
