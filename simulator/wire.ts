import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * How an answer is disturbed on the wire, the way proxies and real services do it: encodings and
 * labels the client must cope with, and bodies that never end or never complete a line.
 */
export interface WireFault {
	/** Prefix the body with a UTF-8 byte order mark. */
	bom?: boolean;
	contentEncoding?: 'gzip' | 'deflate' | 'br';
	/** Replace the content-type label (the body stays what it was). */
	contentType?: string;
	/** Answer with this status and no body at all (204, or an empty 200). */
	empty?: 200 | 204;
	/** After the headers, send filler bytes until the client goes away (no content-length). */
	endless?: boolean;
	/** Announce this content-length, whatever is sent. */
	announceLength?: number;
	/** Send the body one byte every `trickleMs`; with `endless`, forever. */
	trickleMs?: number;
	/** After a streamed answer's last chunk, leave the connection open instead of ending it. */
	keepOpen?: boolean;
	/** Between streamed events, send keep-alive comments and events with an empty `data:` line. */
	sseNoise?: boolean;
	/** Instead of events, one `data:` line that never ends. */
	sseEndlessLine?: boolean;
}

/** The longest the simulator keeps a connection the client does not close. */
const HOLD_LIMIT_MS = 120_000;

export function wireHeaders(
	headers: Record<string, string>,
	wire: WireFault | undefined,
): Record<string, string> {
	if (!wire) return headers;
	const result = { ...headers };
	if (wire.contentType) result['content-type'] = wire.contentType;
	if (wire.contentEncoding) result['content-encoding'] = wire.contentEncoding;
	return result;
}

export function wireBytes(bytes: Buffer, wire: WireFault | undefined): Buffer {
	if (!wire) return bytes;
	let result = wire.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
	if (wire.contentEncoding === 'gzip') result = gzipSync(result);
	if (wire.contentEncoding === 'deflate') result = deflateSync(result);
	if (wire.contentEncoding === 'br') result = brotliCompressSync(result);
	return result;
}

const closed = (res: ServerResponse) =>
	res.destroyed || res.writableEnded || res.socket?.destroyed !== false;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `bytes` (one at a time when trickling), then filler forever when endless, until the client leaves. */
export async function writeDisturbed(
	res: ServerResponse,
	bytes: Buffer,
	wire: WireFault,
): Promise<void> {
	const started = Date.now();
	const write = async (piece: Buffer | string) => {
		if (!res.write(piece))
			await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
	};
	for (let offset = 0; offset < bytes.length && !closed(res); ) {
		const size = wire.trickleMs ? 1 : bytes.length;
		await write(bytes.subarray(offset, offset + size));
		offset += size;
		if (wire.trickleMs) await pause(wire.trickleMs);
	}
	const filler = wire.trickleMs ? ' ' : ' '.repeat(64 * 1024);
	while (wire.endless && !closed(res) && Date.now() - started < HOLD_LIMIT_MS) {
		await write(filler);
		if (wire.trickleMs) await pause(wire.trickleMs);
		else await new Promise((resolve) => setImmediate(resolve));
	}
	await holdOrEnd(res, wire);
}

/** Streamed events with the wire's disturbances. */
export async function writeEvents(
	res: ServerResponse,
	chunks: Iterable<string> | AsyncIterable<string>,
	wire: WireFault,
): Promise<void> {
	if (wire.sseEndlessLine) {
		await writeDisturbed(res, Buffer.from('data: {"never":"'), {
			endless: true,
			trickleMs: wire.trickleMs,
		});
		return;
	}
	for await (const chunk of chunks) {
		if (closed(res)) return;
		if (wire.sseNoise) res.write(': keep-alive\n\ndata:\n\n');
		res.write(chunk);
	}
	await holdOrEnd(res, wire);
}

async function holdOrEnd(res: ServerResponse, wire: WireFault): Promise<void> {
	if (!wire.keepOpen) {
		if (!closed(res)) res.end();
		return;
	}
	const started = Date.now();
	while (!closed(res) && Date.now() - started < HOLD_LIMIT_MS) await pause(50);
	if (!closed(res)) res.end();
}
