import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Fault } from './faults';
import { toJson } from './json';
import { quotaRefusalResponse } from './quotaRefusal';
import type { SimResponse } from './routes/types';
import { type WireFault, wireBytes, wireHeaders, writeDisturbed, writeEvents } from './wire';

/**
 * Writes an answer; with `truncate`, only the headers and half the body go out before the connection
 * is cut; `wire` disturbs it the way proxies and services do (see wire.ts).
 */
export async function send(
	res: ServerResponse,
	response: SimResponse,
	truncate = false,
	wire?: WireFault,
): Promise<void> {
	const headers: Record<string, string> = wireHeaders({ ...response.headers }, wire);
	if (wire?.empty) {
		res.writeHead(wire.empty, { 'content-length': '0' });
		res.end();
		return;
	}
	if (response.bytes) return writeBytes(res, response, headers, truncate);
	if (response.chunks && wire) {
		res.writeHead(response.status, headers);
		return writeEvents(res, response.chunks, wire);
	}
	if (response.chunks) {
		res.writeHead(response.status, headers);
		const chunks: string[] = [];
		for await (const chunk of response.chunks) {
			if (truncate) chunks.push(chunk);
			else res.write(chunk);
		}
		if (truncate) return cut(res, chunks.slice(0, Math.ceil(chunks.length / 2)).join(''));
		res.end();
		return;
	}
	let payload = '';
	if (response.body !== undefined) {
		payload = toJson(response.body);
		headers['content-type'] ??= 'application/json; charset=utf-8';
	} else if (response.text !== undefined) {
		payload = response.text;
		headers['content-type'] ??= 'text/plain; charset=utf-8';
	}
	const bytes = wireBytes(Buffer.from(payload, 'utf8'), wire);
	// The full length is announced even when truncating, so the client sees a premature end.
	if (wire?.announceLength !== undefined) headers['content-length'] = String(wire.announceLength);
	else if (!wire?.endless) headers['content-length'] = String(bytes.length);
	res.writeHead(response.status, headers);
	if (
		wire &&
		(wire.endless || wire.trickleMs || wire.keepOpen || wire.announceLength !== undefined)
	)
		return writeDisturbed(res, bytes, wire);
	if (truncate) return cut(res, bytes.subarray(0, Math.floor(bytes.length / 2)));
	await new Promise<void>((resolve) => res.end(bytes, resolve));
}

/** A byte stream (a media file) at the pace the client reads it; with `truncate`, cut after half. */
async function writeBytes(
	res: ServerResponse,
	response: SimResponse,
	headers: Record<string, string>,
	truncate: boolean,
): Promise<void> {
	const { length, chunks } = response.bytes!;
	res.writeHead(response.status, { ...headers, 'content-length': String(length) });
	const stopAt = truncate ? Math.floor(length / 2) : length;
	let sent = 0;
	for await (const chunk of chunks()) {
		if (res.destroyed) return;
		const part = chunk.subarray(0, stopAt - sent);
		sent += part.length;
		if (sent >= stopAt && truncate) {
			// Cut only once the half has left, so the client sees the headers and a premature end.
			await new Promise<void>((resolve) => res.write(part, () => resolve()));
			break;
		}
		const more = res.write(part);
		if (sent >= stopAt) break;
		if (!more)
			await new Promise<void>((resolve) => {
				const done = () => {
					res.off('drain', done);
					res.off('close', done);
					resolve();
				};
				res.on('drain', done);
				res.on('close', done);
			});
	}
	if (truncate) {
		res.socket?.destroy();
		return;
	}
	await new Promise<void>((resolve) => res.end(resolve));
}

function cut(res: ServerResponse, part: string | Buffer): Promise<void> {
	return new Promise((resolve) => {
		res.write(part, () => {
			res.socket?.destroy();
			resolve();
		});
	});
}

/** The answer a status, html, quota or redirect fault puts in place of the real one (`requestUrl`: path and query of the request). */
export function faultResponse(fault: Fault, requestUrl?: URL): SimResponse {
	if (fault.quota) return quotaRefusalResponse(requestUrl?.pathname ?? '/');
	if (fault.redirect) {
		const location = new URL(fault.redirect.to);
		const base = location.pathname.replace(/\/$/, '');
		location.pathname = base + (requestUrl?.pathname ?? '/');
		const query = new URLSearchParams(requestUrl?.searchParams);
		query.delete('key');
		location.search = query.toString();
		const status = fault.redirect.status ?? 307;
		return {
			status,
			headers: { location: location.href },
			body: { code: status, message: STATUS_CODES[status] ?? 'Redirect', location: location.href },
		};
	}
	if (fault.html) {
		return {
			status: 502,
			headers: { 'content-type': 'text/html' },
			text: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
		};
	}
	const status = fault.status ?? 500;
	const headers: Record<string, string> = {};
	if (fault.retryAfterSeconds !== undefined)
		headers['retry-after'] = String(fault.retryAfterSeconds);
	return {
		status,
		headers,
		body: {
			code: status,
			message: STATUS_CODES[status] ?? 'Error',
			detail: 'Injected by the simulator',
		},
	};
}
