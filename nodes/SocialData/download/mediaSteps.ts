import { GatewayError } from '../../shared/transport/errors';
import type { DecodeKey } from './channelVideoCipher';
import { ChannelVideoDecryptor, looksLikeMp4 } from './channelVideoCipher';
import type { ChunkStep } from './mediaDownload';

/** Short-video files are stored as they come. */
export class PassThroughStep implements ChunkStep {
	update(chunk: Uint8Array): Uint8Array {
		return chunk;
	}

	finish(): void {}
}

/**
 * Decrypts a channel video on the fly and checks, as soon as its first 8 bytes are known, that the
 * result is an MP4: a key of another answer yields noise, which fails here instead of being stored.
 */
export class DecryptStep implements ChunkStep {
	private readonly decryptor: ChannelVideoDecryptor;
	private readonly head = new Uint8Array(8);
	private headLength = 0;
	private checked = false;

	constructor(
		key: DecodeKey,
		readonly encryptedLength: number,
		private readonly label: string,
		private readonly endpoint: string,
	) {
		this.decryptor = new ChannelVideoDecryptor(key, encryptedLength);
	}

	update(chunk: Uint8Array): Uint8Array {
		const plain = this.decryptor.update(chunk);
		if (!this.checked) {
			const taken = Math.min(plain.length, this.head.length - this.headLength);
			this.head.set(plain.subarray(0, taken), this.headLength);
			this.headLength += taken;
			if (this.headLength === this.head.length) this.check();
		}
		return plain;
	}

	finish(): void {
		if (!this.checked) this.check();
	}

	private check(): void {
		this.checked = true;
		if (looksLikeMp4(this.head.subarray(0, this.headLength))) return;
		throw new GatewayError(
			`The file of ${this.label} did not decrypt to an MP4 (no ftyp box at bytes 4..8): the decode_key belongs to another answer. ` +
				`Every answer of ${this.endpoint} has its own link and key: fetch the video detail again and download with that answer's key`,
			{ kind: 'invalid-response', endpoint: this.label },
		);
	}
}
