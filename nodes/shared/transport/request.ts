import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { toWireJson } from '../json/exactInteger';
import { httpErrorOf, parseSuccessBody } from './answerBody';
import type { AddressKind, GatewayCredentials } from './credentials';
import { addressOf } from './credentials';
import { Deadline, DeadlineExpired } from './deadline';
import { withNamesHint } from './namesHint';
import { GatewayError } from './errors';
import type { ByteStream } from './readBody';
import { AnswerTooLarge, readBody } from './readBody';
import { redactSecret } from './redact';
import type { RetryOptions } from './retryPolicy';
import {
	backoffDelay,
	DEFAULT_RETRY,
	isRetryableStatus,
	mayHaveBilledStatus,
	RETRYABLE_CONNECT_ERRORS,
	retryAfterMs,
} from './retryPolicy';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface GatewayCall {
	credentials: GatewayCredentials;
	method: HttpMethod;
	/** The interface's path; the credential picks the auth scheme from it. */
	path: string;
	/** Endpoint name shown in errors. */
	endpoint: string;
	/** Client timeout of each attempt (for streams: the longest silence). */
	timeoutMs: number;
	address?: AddressKind;
	query?: Record<string, string | number | boolean | undefined>;
	/** Sent as JSON. A string is sent as it is (already serialised JSON). */
	body?: unknown;
	headers?: Record<string, string>;
	/** The execution's cancel signal: honoured between attempts and while waiting. */
	signal?: AbortSignal;
	retry?: Partial<RetryOptions>;
	/** The largest answer read (default DEFAULT_ANSWER_LIMIT_BYTES); a larger one fails, possibly billed. */
	maxAnswerBytes?: number;
	/** Streams: the longest the whole answer may take (default DEFAULT_STREAM_DEADLINE_MS). */
	streamDeadlineMs?: number;
}

export const DEFAULT_STREAM_DEADLINE_MS = 30 * 60_000;

/** Big enough for any data page; model answers with images may ask for more. */
export const DEFAULT_ANSWER_LIMIT_BYTES = 64 * 1024 * 1024;

export type AnswerHeaders = Record<string, string | string[] | undefined>;

export interface GatewayAnswer<T = unknown> {
	status: number;
	headers: AnswerHeaders;
	body: T;
	/** How many times the call was retried before this answer. */
	retries: number;
}

export interface OpenAnswer {
	status: number;
	headers: AnswerHeaders;
	body: ByteStream;
	retries: number;
}

/** A 2xx answer whose body is still unread. */
interface Opened {
	status: number;
	headers: AnswerHeaders;
	body: ByteStream;
}

const TIMEOUT_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
]);
const CANCEL_CODES = new Set(['ERR_CANCELED', 'ABORT_ERR']);
const SSRF_ERRORS = new Set(['SsrfBlockedIpError', 'SsrfBlockedHostnameError']);
/** Error bodies are read for the service's message only: a huge or endless one is cut here. */
const ERROR_BODY_LIMIT = 64 * 1024;
const ERROR_BODY_READ_MS = 10_000;

interface ErrorLink {
	code?: string;
	name?: string;
	message?: string;
	cause?: unknown;
}

/** n8n wraps the transport's error (NodeApiError with `cause`); the innermost one says what happened. */
function causesOf(error: unknown): ErrorLink[] {
	const chain: ErrorLink[] = [];
	for (
		let current = error, depth = 0;
		current !== null && typeof current === 'object' && depth < 5;
		depth++
	) {
		const link = current as ErrorLink;
		chain.push(link);
		current = link.cause;
	}
	return chain;
}

export function contentTypeOf(headers: AnswerHeaders): string {
	const value = headers['content-type'];
	return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The GatewayError of a failed request: a timeout, a cancel, a block by n8n's SSRF protection or a network failure. */
export function failureOf(error: unknown, call: GatewayCall, timedOut: boolean): GatewayError {
	if (error instanceof GatewayError) return error;
	const causes = causesOf(error);
	const code = causes.map((cause) => cause.code).find((value) => typeof value === 'string');
	const secret = call.credentials.apiKey;
	if (
		timedOut ||
		error instanceof DeadlineExpired ||
		(code !== undefined && TIMEOUT_CODES.has(code))
	) {
		return new GatewayError(
			`No answer to ${call.endpoint} within ${Math.round(call.timeoutMs / 1000)} s. Not retried: the service may have billed the call`,
			{ kind: 'timeout', endpoint: call.endpoint, mayHaveBilled: true },
		);
	}
	if (call.signal?.aborted || (code !== undefined && CANCEL_CODES.has(code))) {
		return new GatewayError(`The call to ${call.endpoint} was cancelled`, {
			kind: 'cancelled',
			endpoint: call.endpoint,
		});
	}
	const blocked = causes.find((cause) => cause.name !== undefined && SSRF_ERRORS.has(cause.name));
	if (blocked) {
		return new GatewayError(
			`n8n's SSRF protection blocked the call to ${call.endpoint}: ${redactSecret(String(blocked.message), secret)}`,
			{
				kind: 'blocked',
				endpoint: call.endpoint,
			},
		);
	}
	const innermost = causes[causes.length - 1];
	const reason = redactSecret(String(innermost?.message ?? error), secret);
	return new GatewayError(
		`The connection for ${call.endpoint} failed${code ? ` (${code})` : ''}: ${reason}`,
		{
			kind: 'network',
			endpoint: call.endpoint,
			mayHaveBilled: code === undefined || !RETRYABLE_CONNECT_ERRORS.has(code),
		},
	);
}

function requestOptionsOf(call: GatewayCall): IHttpRequestOptions {
	const body =
		call.body === undefined
			? undefined
			: typeof call.body === 'string'
				? call.body
				: toWireJson(call.body);
	const qs =
		call.query &&
		Object.fromEntries(Object.entries(call.query).filter(([, value]) => value !== undefined));
	return {
		method: call.method,
		url: addressOf(call.credentials, call.address ?? 'service') + call.path,
		qs: qs as IHttpRequestOptions['qs'],
		headers: {
			accept: 'application/json, text/event-stream',
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
			...call.headers,
		},
		body,
		// Raw bytes for the lossless parser; read by the pack within its deadline.
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect could carry the key to another host: never followed, reported instead.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: call.timeoutMs,
		abortSignal: call.signal,
	};
}

export function answerLimitOf(call: GatewayCall): number {
	return call.maxAnswerBytes ?? call.credentials.maxAnswerBytes ?? DEFAULT_ANSWER_LIMIT_BYTES;
}

export function tooLargeError(call: GatewayCall, status: number): GatewayError {
	const megabytes = Math.round(answerLimitOf(call) / (1024 * 1024));
	return new GatewayError(
		`The answer to ${call.endpoint} is larger than ${megabytes} MB and was not read. The service may have billed the call`,
		{ kind: 'invalid-response', endpoint: call.endpoint, status, mayHaveBilled: true },
	);
}

function announcedLength(headers: AnswerHeaders): number | undefined {
	const value = Number(headers['content-length']);
	return Number.isFinite(value) ? value : undefined;
}

function headersOf(response: IN8nHttpFullResponse): AnswerHeaders {
	return { ...(response.headers as AnswerHeaders) };
}

function redirectErrorOf(status: number, headers: AnswerHeaders, call: GatewayCall): GatewayError {
	const location = String(headers.location ?? '');
	const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(location)?.[1] ?? 'another address';
	return new GatewayError(
		`The service redirected ${call.endpoint} (HTTP ${status}) to ${redactSecret(host, call.credentials.apiKey)}; not followed, so the API key is not sent elsewhere`,
		{ kind: 'http', endpoint: call.endpoint, status },
	);
}

/**
 * Sends a call through n8n's helper, retrying only what cannot bill twice (see retryPolicy), and
 * hands the 2xx answer, body unread, to `consume` while the attempt's deadline still runs
 * (`wholeAttemptDeadline`), or leaves it to the caller (streams: only silence is bounded).
 * Hand-written rather than n8n's "Retry On Fail": that retries any failure, timeouts and cut-off
 * answers included, and would bill a data call twice.
 */
async function withRetries<R>(
	call: GatewayCall,
	consume: (answer: Opened, retries: number, deadline: Deadline | undefined) => Promise<R>,
	wholeAttemptDeadline: boolean,
): Promise<R> {
	const retry = { ...DEFAULT_RETRY, ...call.retry };
	const options = requestOptionsOf(call);
	const secret = call.credentials.apiKey;

	for (let attempt = 0; ; attempt++) {
		const deadline = new Deadline(call.timeoutMs);
		let retryAfter: number | undefined;
		try {
			const response = await deadline.race(call.credentials.send({ ...options }), (late) =>
				(late.body as ByteStream)?.destroy(),
			);
			const answer: Opened = {
				status: response.statusCode,
				headers: headersOf(response),
				body: response.body as ByteStream,
			};
			if (answer.status >= 200 && answer.status < 300) {
				if (!wholeAttemptDeadline) deadline.clear();
				return await consume(answer, attempt, wholeAttemptDeadline ? deadline : undefined);
			}
			if (answer.status >= 300 && answer.status < 400) {
				answer.body.destroy();
				throw redirectErrorOf(answer.status, answer.headers, call);
			}
			const text = await readErrorText(answer.body, call);
			const rejection = withNamesHint(
				httpErrorOf(
					answer.status,
					text,
					contentTypeOf(answer.headers),
					call.endpoint,
					secret,
					mayHaveBilledStatus(answer.status, call.method),
				),
				call.path,
				call.credentials,
			);
			// A used-up balance or quota answers the same to every attempt (OpenAI sends it as a 429).
			const retryable =
				isRetryableStatus(answer.status, call.method) &&
				!rejection.details.quotaRefused &&
				attempt < retry.maxRetries;
			retryAfter = retryAfterMs(answer.headers['retry-after']);
			if (!retryable || (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs)) {
				throw rejection;
			}
		} catch (error) {
			const code = causesOf(error)
				.map((cause) => cause.code)
				.find((value) => typeof value === 'string');
			const connectFailure =
				code !== undefined && RETRYABLE_CONNECT_ERRORS.has(code) && attempt < retry.maxRetries;
			if (!connectFailure || call.signal?.aborted) throw failureOf(error, call, deadline.expired);
		} finally {
			deadline.clear();
		}
		await sleep(Math.max(retryAfter ?? 0, backoffDelay(attempt, retry)), call.signal).catch(
			(error) => {
				throw failureOf(error, call, false);
			},
		);
	}
}

/** The start of an error body, read briefly: it only serves the service's message. */
async function readErrorText(body: ByteStream, call: GatewayCall): Promise<string> {
	const deadline = new Deadline(Math.min(ERROR_BODY_READ_MS, call.timeoutMs));
	try {
		return (await readBody(body, deadline, ERROR_BODY_LIMIT, true)).toString('utf8');
	} catch {
		return '';
	} finally {
		deadline.clear();
	}
}

/** One JSON call: 64-bit integers come back as exact strings. */
export async function callGateway<T = unknown>(call: GatewayCall): Promise<GatewayAnswer<T>> {
	return await withRetries(
		call,
		async (answer, retries, deadline) => {
			const length = announcedLength(answer.headers);
			if (length !== undefined && length > answerLimitOf(call)) {
				answer.body.destroy();
				throw tooLargeError(call, answer.status);
			}
			const bytes = await readBody(answer.body, deadline!, answerLimitOf(call)).catch((error) => {
				if (error instanceof AnswerTooLarge) throw tooLargeError(call, answer.status);
				if (error instanceof DeadlineExpired || call.signal?.aborted) throw error;
				const code = causesOf(error)
					.map((cause) => cause.code)
					.find((value) => typeof value === 'string');
				if (code !== undefined && TIMEOUT_CODES.has(code)) throw error;
				throw new GatewayError(
					`The answer to ${call.endpoint} was cut off before it was complete (${code ?? 'connection closed'})`,
					{
						kind: 'invalid-response',
						endpoint: call.endpoint,
						status: answer.status,
						mayHaveBilled: true,
					},
				);
			});
			// Deletes (and any 204) may answer with nothing: success without a body.
			if (answer.status === 204 || (bytes.length === 0 && call.method === 'DELETE')) {
				return { status: answer.status, headers: answer.headers, body: undefined as T, retries };
			}
			const body = parseSuccessBody(
				bytes,
				contentTypeOf(answer.headers),
				call.endpoint,
				call.credentials.apiKey,
			) as T;
			return { status: answer.status, headers: answer.headers, body, retries };
		},
		true,
	);
}

/** Opens a streamed answer (Server-Sent Events, audio): the body is left for the caller to read. */
export async function openGatewayStream(call: GatewayCall): Promise<OpenAnswer> {
	return await withRetries(call, async (answer, retries) => ({ ...answer, retries }), false);
}
