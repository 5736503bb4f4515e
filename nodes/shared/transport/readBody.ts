import type { Deadline } from './deadline';

/** What n8n's request helper hands back for `encoding: 'stream'` (a Node.js readable stream). */
export interface ByteStream extends AsyncIterable<Uint8Array | string> {
	destroy(error?: Error): unknown;
	readonly destroyed: boolean;
}

/** Reads a whole answer body within the attempt's deadline; the stream is destroyed when it fails. */
export async function readBody(body: ByteStream, deadline: Deadline): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	const reading = (async () => {
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
			chunks.push(bytes);
			size += bytes.length;
		}
		return Buffer.concat(chunks, size);
	})();
	let complete = false;
	try {
		const bytes = await deadline.race(reading);
		complete = true;
		return bytes;
	} finally {
		if (!complete) body.destroy();
	}
}
