import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { AuthScheme } from './authSchemes';
import { authParts } from './authSchemes';
import type { AddressKind, GatewayCredentials } from './credentials';
import { addressOf } from './credentials';
import { httpErrorOf, parseSuccessBody } from './answerBody';
import { GatewayError } from './errors';
import { gatewayAgent } from './httpAgent';
import { redactSecret } from './redact';
import type { RetryOptions } from './retryPolicy';
import { backoffDelay, DEFAULT_RETRY, RETRYABLE_CONNECT_ERRORS, RETRYABLE_STATUSES, retryAfterMs } from './retryPolicy';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface GatewayCall {
	credentials: GatewayCredentials;
	method: HttpMethod;
	path: string;
	scheme: AuthScheme;
	/** Endpoint name shown in errors. */
	endpoint: string;
	/** Client timeout of each attempt (for streams: the longest silence). */
	timeoutMs: number;
	address?: AddressKind;
	query?: Record<string, string | number | boolean | undefined>;
	/** Sent as JSON. A string is sent as it is (already serialised JSON). */
	body?: unknown;
	headers?: Record<string, string>;
	signal?: AbortSignal;
	retry?: Partial<RetryOptions>;
}

export interface GatewayAnswer<T = unknown> {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
	/** How many times the call was retried before this answer. */
	retries: number;
}

export type OpenAnswer = Dispatcher.ResponseData & { retries: number };

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function urlOf(call: GatewayCall, authQuery: Record<string, string>): string {
	const address = addressOf(call.credentials, call.address ?? 'service') + call.path;
	const query = Object.entries({ ...call.query, ...authQuery }).filter(([, value]) => value !== undefined);
	if (query.length === 0) return address;
	const url = new URL(address);
	for (const [key, value] of query) url.searchParams.set(key, String(value));
	return url.toString();
}

export function contentTypeOf(headers: Dispatcher.ResponseData['headers']): string {
	const value = headers['content-type'];
	return (Array.isArray(value) ? value[0] : value) ?? '';
}

function failureOf(error: any, call: GatewayCall, timedOut: boolean): GatewayError {
	if (error instanceof GatewayError) return error;
	if (timedOut || TIMEOUT_CODES.has(error?.code) || error?.name === 'TimeoutError') {
		return new GatewayError(
			`No answer to ${call.endpoint} within ${Math.round(call.timeoutMs / 1000)} s. Not retried: the service may have billed the call`,
			{ kind: 'timeout', endpoint: call.endpoint, mayHaveBilled: true },
		);
	}
	if (call.signal?.aborted) {
		return new GatewayError(`The call to ${call.endpoint} was cancelled`, { kind: 'cancelled', endpoint: call.endpoint });
	}
	const code = error?.code ? ` (${error.code})` : '';
	const reason = redactSecret(String(error?.message ?? error), call.credentials.apiKey);
	return new GatewayError(`The connection for ${call.endpoint} failed${code}: ${reason}`, {
		kind: 'network',
		endpoint: call.endpoint,
		mayHaveBilled: !RETRYABLE_CONNECT_ERRORS.has(error?.code),
	});
}

/**
 * One attempt's deadline, joined with the caller's cancel signal. A plain timer (cleared when the
 * attempt ends) costs far less per call than AbortSignal.timeout plus AbortSignal.any.
 */
function attemptDeadline(timeoutMs: number, cancel: AbortSignal | undefined) {
	const controller = new AbortController();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort(new DOMException('The attempt timed out', 'TimeoutError'));
	}, timeoutMs);
	const onCancel = () => controller.abort(cancel?.reason);
	if (cancel?.aborted) onCancel();
	else cancel?.addEventListener('abort', onCancel, { once: true });
	return {
		signal: controller.signal,
		timedOut: () => timedOut,
		clear: () => {
			clearTimeout(timer);
			cancel?.removeEventListener('abort', onCancel);
		},
	};
}

/**
 * Sends a call, retrying only what cannot bill twice (429/502/503/504 answers, connections that
 * failed before the request left), and hands the 2xx answer to `consume` within the attempt's timeout.
 */
async function withRetries<R>(
	call: GatewayCall,
	consume: (answer: Dispatcher.ResponseData, retries: number) => Promise<R>,
	wholeAttemptDeadline: boolean,
): Promise<R> {
	const retry = { ...DEFAULT_RETRY, ...call.retry };
	const { headers: authHeaders, query: authQuery } = authParts(call.scheme, call.credentials);
	const url = urlOf(call, authQuery);
	const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
	const headers: Record<string, string> = {
		accept: 'application/json, text/event-stream',
		...(body === undefined ? {} : { 'content-type': 'application/json' }),
		...call.headers,
		...authHeaders,
	};
	const pause = (ms: number) => sleep(ms, undefined, { signal: call.signal });

	for (let attempt = 0; ; attempt++) {
		const deadline = wholeAttemptDeadline ? attemptDeadline(call.timeoutMs, call.signal) : undefined;
		const signal = deadline?.signal ?? call.signal;
		let retryAfter: number | undefined;
		try {
			const answer = await request(url, {
				dispatcher: gatewayAgent(),
				method: call.method,
				headers,
				body,
				signal,
				headersTimeout: call.timeoutMs,
				bodyTimeout: call.timeoutMs,
			});
			if (answer.statusCode >= 200 && answer.statusCode < 300) return await consume(answer, attempt);

			const text = await answer.body.text().catch(() => '');
			const retryable = RETRYABLE_STATUSES.has(answer.statusCode) && attempt < retry.maxRetries;
			retryAfter = retryAfterMs(answer.headers['retry-after']);
			if (!retryable || (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs)) {
				throw httpErrorOf(answer.statusCode, text, contentTypeOf(answer.headers), call.endpoint, call.credentials.apiKey);
			}
		} catch (error) {
			const connectFailure = RETRYABLE_CONNECT_ERRORS.has(error?.code) && attempt < retry.maxRetries;
			if (!connectFailure || call.signal?.aborted) throw failureOf(error, call, deadline?.timedOut() ?? false);
		} finally {
			deadline?.clear();
		}
		await pause(Math.max(retryAfter ?? 0, backoffDelay(attempt, retry))).catch((error) => {
			throw failureOf(error, call, false);
		});
	}
}

/** One JSON call: 64-bit integers come back as exact strings. */
export async function callGateway<T = unknown>(call: GatewayCall): Promise<GatewayAnswer<T>> {
	return withRetries(
		call,
		async (answer, retries) => {
			const bytes = Buffer.from(await answer.body.arrayBuffer().catch((error) => {
				if (call.signal?.aborted || TIMEOUT_CODES.has(error?.code) || error?.name === 'TimeoutError') throw error;
				throw new GatewayError(`The answer to ${call.endpoint} was cut off before it was complete (${error?.code ?? 'connection closed'})`, {
					kind: 'invalid-response',
					endpoint: call.endpoint,
					status: answer.statusCode,
					mayHaveBilled: true,
				});
			}));
			const body = parseSuccessBody(bytes, contentTypeOf(answer.headers), call.endpoint, call.credentials.apiKey) as T;
			return { status: answer.statusCode, headers: answer.headers, body, retries };
		},
		true,
	);
}

/** Opens a streamed answer (Server-Sent Events, audio): the body is left for the caller to read. */
export async function openGatewayStream(call: GatewayCall): Promise<OpenAnswer> {
	return withRetries(call, async (answer, retries) => Object.assign(answer, { retries }), false);
}
