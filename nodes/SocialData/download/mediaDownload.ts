import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { Deadline, DeadlineExpired } from '../../shared/transport/deadline';
import { GatewayError } from '../../shared/transport/errors';
import type { ByteStream } from '../../shared/transport/readBody';
import { readBody } from '../../shared/transport/readBody';
import { redactSecret } from '../../shared/transport/redact';
import type { AnswerHeaders } from '../../shared/transport/request';
import { failureOf } from '../../shared/transport/request';
import type { GatewayCredentials } from '../../shared/transport/credentials';

/** One file to fetch from a media host (a CDN), not from the gateway. */
export interface MediaRequest {
	url: string;
	/** What the link is, for messages: `media.url + media.url_token of fetch_video_detail`. */
	label: string;
	/** The longest silence while connecting and reading. */
	timeoutMs: number;
	/** The longest the whole download may take. */
	deadlineMs: number;
	signal?: AbortSignal;
	/** Only to keep the key out of messages: it is never sent to the media host. */
	credentials: GatewayCredentials;
}

export interface OpenedMedia {
	status: number;
	headers: AnswerHeaders;
	body: ByteStream;
}

/** Turns each chunk of the file into what is stored (decryption), and may fail the download. */
export interface ChunkStep {
	update(chunk: Uint8Array): Uint8Array;
	/** Called once the whole file went by. */
	finish(): void;
}

const ERROR_TEXT_BYTES = 2048;
const ERROR_TEXT_MS = 5_000;

function refusalMessage(status: number, label: string, serviceText: string): string {
	const said = serviceText ? `: ${serviceText}` : '';
	if (status === 401 || status === 403) {
		return `The media host refused the download of ${label} (HTTP ${status})${said}. The link is protected against hotlinking: it needs its token and expires; fetch a new link and download again`;
	}
	if (status === 404 || status === 410)
		return `The media host no longer has the file of ${label} (HTTP ${status})${said}; the link may have expired: fetch a new one`;
	return `The media host answered the download of ${label} with HTTP ${status}${said}`;
}

/**
 * Opens a media link with n8n's request helper, without authentication: the API key is for the
 * gateway only and never goes to a media host, while the instance's SSRF and proxy rules still apply.
 */
export async function openMedia(
	context: IExecuteFunctions,
	request: MediaRequest,
): Promise<OpenedMedia> {
	const deadline = new Deadline(request.timeoutMs);
	let response: IN8nHttpFullResponse | undefined;
	let failure: GatewayError | undefined;
	try {
		response = (await deadline.race(
			context.helpers.httpRequest({
				method: 'GET',
				url: request.url,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: request.timeoutMs,
				abortSignal: request.signal,
				headers: { accept: 'video/mp4, video/*;q=0.9, */*;q=0.1' },
			}) as Promise<IN8nHttpFullResponse>,
			(late) => (late.body as ByteStream | undefined)?.destroy(),
		)) as IN8nHttpFullResponse;
	} catch (error) {
		failure = failureOf(error, requestCall(request), deadline.expired);
	} finally {
		deadline.clear();
	}
	if (failure) throw asDownloadFailure(failure, request);
	const opened = {
		status: response!.statusCode,
		headers: { ...(response!.headers as AnswerHeaders) },
		body: response!.body as ByteStream,
	};
	if (opened.status >= 200 && opened.status < 300) return opened;
	const text = await briefText(opened.body);
	throw new GatewayError(
		refusalMessage(opened.status, request.label, redactSecret(text, request.credentials.apiKey)),
		{
			kind: 'http',
			endpoint: request.label,
			status: opened.status,
			serviceMessage: text || undefined,
		},
	);
}

/** The start of an error body, for its message only. */
async function briefText(body: ByteStream): Promise<string> {
	const deadline = new Deadline(ERROR_TEXT_MS);
	try {
		const text = (await readBody(body, deadline, ERROR_TEXT_BYTES, true)).toString('utf8');
		return /^\s*</.test(text) ? '' : text.replace(/\s+/g, ' ').trim().slice(0, 300);
	} catch {
		return '';
	} finally {
		deadline.clear();
	}
}

/** A media download is not billed: its failures say so, and a timeout is just a timeout. */
function asDownloadFailure(error: GatewayError, request: MediaRequest): GatewayError {
	if (error.details.kind !== 'timeout') return error;
	return new GatewayError(
		`The download of ${request.label} stalled: nothing arrived for ${Math.round(request.timeoutMs / 1000)} s`,
		{
			kind: 'timeout',
			endpoint: request.label,
		},
	);
}

async function* steppedChunks(body: ByteStream, step: ChunkStep): AsyncGenerator<Uint8Array> {
	for await (const chunk of body)
		yield step.update(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	step.finish();
}

interface ReadableClass {
	from(source: AsyncIterable<Uint8Array>, options: { objectMode: boolean }): ByteStream;
}

/**
 * A Node.js Readable of the stepped chunks, made by the Readable class the answer itself is an
 * instance of (community nodes may not import `node:stream`); n8n's binary store takes Readables.
 */
function readableOf(body: ByteStream, source: AsyncIterable<Uint8Array>): ByteStream {
	const readable = (body.constructor as Partial<ReadableClass> | undefined)?.from;
	if (typeof readable !== 'function')
		throw new Error(
			'The media answer is not a Node.js stream; it cannot be passed on without holding it whole',
		);
	return readable.call(body.constructor, source, { objectMode: false });
}

/**
 * Streams the file into n8n's binary store (to disk in n8n's default filesystem mode), through
 * `step`, never holding it whole; the whole download must end within the request's deadline.
 */
export async function storeMedia(
	context: IExecuteFunctions,
	request: MediaRequest,
	opened: OpenedMedia,
	step: ChunkStep,
	file: { name: string; mimeType: string },
): Promise<IBinaryData> {
	let stepFailure: Error | undefined;
	let received = 0;
	const guarded: ChunkStep = {
		update: (chunk) => {
			received += chunk.length;
			return guard(() => step.update(chunk));
		},
		finish: () => guard(() => step.finish()),
	};
	function guard<T>(work: () => T): T {
		let result: T | undefined;
		try {
			result = work();
		} catch (error) {
			stepFailure = error as Error;
		}
		if (stepFailure) throw stepFailure;
		return result as T;
	}
	const stream = readableOf(opened.body, steppedChunks(opened.body, guarded));
	const deadline = new Deadline(request.deadlineMs);
	let failure: unknown;
	let binary: IBinaryData | undefined;
	try {
		binary = await deadline.race(
			context.helpers.prepareBinaryData(
				stream as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
				file.name,
				file.mimeType,
			),
		);
	} catch (error) {
		failure = error;
	} finally {
		deadline.clear();
	}
	if (failure === undefined) return binary!;
	opened.body.destroy();
	stream.destroy();
	if (stepFailure) throw stepFailure;
	if (failure instanceof DeadlineExpired) {
		throw new GatewayError(
			`The download of ${request.label} did not finish within ${Math.round(request.deadlineMs / 1000)} s`,
			{
				kind: 'timeout',
				endpoint: request.label,
			},
		);
	}
	const classified = asDownloadFailure(failureOf(failure, requestCall(request), false), request);
	if (classified.details.kind !== 'network') throw classified;
	const announced = Number(opened.headers['content-length']);
	const of = Number.isFinite(announced) ? ` of ${announced}` : '';
	const reason = classified.message.replace(/^The connection for .*? failed/, 'connection failed');
	throw new GatewayError(
		`The download of ${request.label} broke off after ${received}${of} bytes (${reason})`,
		classified.details,
	);
}

/** The request as the transport's failure classifier sees it. */
function requestCall(request: MediaRequest) {
	return {
		credentials: request.credentials,
		method: 'GET' as const,
		path: '',
		endpoint: request.label,
		timeoutMs: request.timeoutMs,
		signal: request.signal,
	};
}
