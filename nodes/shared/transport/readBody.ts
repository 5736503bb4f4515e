import type { Deadline } from './deadline';

/** What n8n's request helper hands back for `encoding: 'stream'` (a Node.js readable stream). */
export interface ByteStream extends AsyncIterable<Uint8Array | string> {
	destroy(error?: Error): unknown;
	readonly destroyed: boolean;
}

export class AnswerTooLarge extends Error {
	constructor(readonly limitBytes: number) {
		super(`The answer is larger than ${limitBytes} bytes`);
		this.name = 'AnswerTooLarge';
	}
}

/**
 * Reads a whole answer body within the attempt's deadline and at most `limitBytes` (past the limit:
 * AnswerTooLarge, or with `truncate` the first `limitBytes`); the stream is destroyed when reading stops early.
 */
export async function readBody(
	body: ByteStream,
	deadline: Deadline,
	limitBytes: number,
	truncate = false,
): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	const reading = (async () => {
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
			if (size + bytes.length > limitBytes) {
				if (!truncate) throw new AnswerTooLarge(limitBytes);
				chunks.push(bytes.subarray(0, limitBytes - size));
				size = limitBytes;
				break;
			}
			chunks.push(bytes);
			size += bytes.length;
		}
		return Buffer.concat(chunks, size);
	})();
	let complete = false;
	try {
		const bytes = await deadline.race(reading);
		complete = !body.destroyed && size < limitBytes;
		return bytes;
	} finally {
		if (!complete) body.destroy();
	}
}

/** The chunks of a stream, failing with AnswerTooLarge once more than `limitBytes` went through. */
export async function* cappedChunks(
	body: ByteStream,
	limitBytes: number,
): AsyncGenerator<Uint8Array | string> {
	let size = 0;
	for await (const chunk of body) {
		size += chunk.length;
		if (size > limitBytes) throw new AnswerTooLarge(limitBytes);
		yield chunk;
	}
}
