/**
 * What may be retried without billing twice: only answers that prove the work was not done.
 * - 429 on any call: the service refused before doing the work (rate limit).
 * - 502, 503, 504 only on GET (listings and reads the service does not bill). A proxy in front of
 *   the gateway also answers these after the gateway did the work: the spec bills a data call on
 *   success and warns that a charge may be taken without the answer being received, so on a POST
 *   they are reported as "may have billed" and not retried, like a timeout.
 * - Connections refused, or a host name not resolved yet, before the request left.
 * Never a timed-out request, a reset after sending or a cut-off answer.
 */
const ALWAYS_RETRYABLE_STATUSES = new Set([429]);
const UNBILLED_READ_RETRYABLE_STATUSES = new Set([502, 503, 504]);
export const RETRYABLE_CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EAI_AGAIN']);

export function isRetryableStatus(status: number, method: string): boolean {
	return (
		ALWAYS_RETRYABLE_STATUSES.has(status) ||
		(method === 'GET' && UNBILLED_READ_RETRYABLE_STATUSES.has(status))
	);
}

/** A gateway answer the work may have been done (and billed) for, though it reports a failure. */
export function mayHaveBilledStatus(status: number, method: string): boolean {
	return method !== 'GET' && UNBILLED_READ_RETRYABLE_STATUSES.has(status);
}

export interface RetryOptions {
	maxRetries: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** A Retry-After longer than this is not waited for: the call fails with the service's answer. */
	maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	maxRetryAfterMs: 60_000,
};

/** Exponential backoff with jitter (half fixed, half random), capped. */
export function backoffDelay(attempt: number, options: RetryOptions, random = Math.random): number {
	const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
	return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(
	header: string | string[] | undefined,
	now = Date.now(),
): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(parseFloat(value) * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
