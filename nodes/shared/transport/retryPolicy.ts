/**
 * What may be retried without billing twice: answers that say the service did not do the work
 * (429, 502, 503, 504) and connections that failed before the request left. A timed-out request
 * is never retried: the service may have charged it.
 */
export const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
export const RETRYABLE_CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EAI_AGAIN']);

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
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(parseFloat(value) * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
