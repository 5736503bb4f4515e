import type { Deadline } from './deadline';

type Chunk = Uint8Array | string;

/** What n8n's request helper hands back for `encoding: 'stream'` (a Node.js readable stream). */
export interface ByteStream extends AsyncIterable<Chunk> {
	destroy(error?: Error): unknown;
	readonly destroyed: boolean;
	on(event: 'data', listener: (chunk: Chunk) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	removeListener(event: 'data', listener: (chunk: Chunk) => void): unknown;
	removeListener(event: 'end' | 'close', listener: () => void): unknown;
}

export class AnswerTooLarge extends Error {
	constructor(readonly limitBytes: number) {
		super(`The answer is larger than ${limitBytes} bytes`);
		this.name = 'AnswerTooLarge';
	}
}

/** What iterating a stream that closed before its end throws: the same code and message. */
function prematureClose(): Error {
	return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** Keeps chunks up to `limitBytes`; past it, AnswerTooLarge, or with `truncate` a full buffer. */
class ChunkCollector {
	private readonly chunks: Buffer[] = [];

	size = 0;

	constructor(
		private readonly limitBytes: number,
		private readonly truncate: boolean,
	) {}

	/** Adds a chunk; true once the limit is reached and reading should stop. */
	add(chunk: Chunk): boolean {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
		if (this.size + bytes.length > this.limitBytes) {
			if (!this.truncate) throw new AnswerTooLarge(this.limitBytes);
			this.chunks.push(bytes.subarray(0, this.limitBytes - this.size));
			this.size = this.limitBytes;
			return true;
		}
		this.chunks.push(bytes);
		this.size += bytes.length;
		return false;
	}

	bytes(): Buffer {
		return Buffer.concat(this.chunks, this.size);
	}
}

/**
 * A stream's bytes through its events: what `for await` gives (the stream's error, or a premature
 * close), without an async iterator and its promise per chunk, a measurable share of a small call.
 */
function collectEvents(body: ByteStream, collector: ChunkCollector): Promise<Buffer> {
	return new Promise<Buffer>((resolve, reject) => {
		if (body.destroyed) {
			reject(prematureClose());
			return;
		}
		const settle = (outcome: () => void) => {
			body.removeListener('data', onData);
			body.removeListener('end', onEnd);
			body.removeListener('close', onClose);
			outcome();
		};
		const onData = (chunk: Chunk) => {
			try {
				if (collector.add(chunk)) settle(() => resolve(collector.bytes()));
			} catch (error) {
				settle(() => reject(error));
			}
		};
		const onEnd = () => settle(() => resolve(collector.bytes()));
		const onClose = () => settle(() => reject(prematureClose()));
		body.on('data', onData);
		body.on('end', onEnd);
		body.on('close', onClose);
		// Stays attached: an error the stream emits after reading stopped is then not unhandled.
		body.on('error', (error) => settle(() => reject(error)));
	});
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
	const collector = new ChunkCollector(limitBytes, truncate);
	const reading = collectEvents(body, collector);
	let complete = false;
	try {
		const bytes = await deadline.race(reading);
		complete = !body.destroyed && collector.size < limitBytes;
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
