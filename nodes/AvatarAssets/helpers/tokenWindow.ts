/** Spec, Limits: the real-person token must be exchanged within 120 seconds of the auth session. */
export const TOKEN_LIFETIME_MS = 120_000;

/** Output field of "Create Auth Session" holding the last moment the token is usable (ISO 8601). */
export const TOKEN_EXPIRES_AT_FIELD = 'TokenExpiresAt';

/**
 * Counted from the moment the request was sent: the service created the token after that, so the
 * local expiry is never later than the service's.
 */
export function tokenExpiry(requestSentAtMs: number): string {
	return new Date(requestSentAtMs + TOKEN_LIFETIME_MS).toISOString();
}

/** Milliseconds since the expiry; undefined when the expiry is not a readable time. */
export function msPastExpiry(expiresAt: unknown, nowMs: number): number | undefined {
	if (typeof expiresAt !== 'string' && typeof expiresAt !== 'number') return undefined;
	const expiry = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
	return Number.isFinite(expiry) ? nowMs - expiry : undefined;
}
