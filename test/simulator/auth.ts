import type { IncomingHttpHeaders } from 'node:http';

/**
 * - bearer: `Authorization: Bearer <key>` (gateway run, model listing, chat completions, avatar paths)
 * - keyOrBearer: query `key` or Bearer (native `/v1beta/*`, `/v1alpha/*`)
 * - messages: `x-api-key` and a `compat-version` header (`/v1/messages`)
 */
export type AuthScheme = 'bearer' | 'keyOrBearer' | 'messages' | 'none';

export interface AuthRequest {
	headers: IncomingHttpHeaders;
	query: URLSearchParams;
}

export interface AuthFailure {
	status: number;
	body: unknown;
}

/** The scheme the spec gives a path; a route may name its own instead. */
export function authSchemeForPath(path: string): AuthScheme {
	if (path.startsWith('/__sim/')) return 'none';
	if (path.startsWith('/v1beta/') || path.startsWith('/v1alpha/')) return 'keyOrBearer';
	if (path === '/v1/messages' || path.startsWith('/v1/messages/')) return 'messages';
	return 'bearer';
}

/** undefined when the request may pass; otherwise the answer to send. */
export function checkAuth(scheme: AuthScheme, request: AuthRequest, apiKey: string): AuthFailure | undefined {
	switch (scheme) {
		case 'none':
			return undefined;
		case 'bearer':
			return verdict([bearerKey(request.headers)], apiKey);
		case 'keyOrBearer':
			return verdict([request.query.get('key') ?? undefined, bearerKey(request.headers)], apiKey);
		case 'messages': {
			const failure = verdict([header(request.headers, 'x-api-key')], apiKey);
			if (failure) return failure;
			if (!header(request.headers, 'compat-version')) return errorBody(400, 'compat-version header is required', 'INVALID_ARGUMENT');
			return undefined;
		}
	}
}

function verdict(given: Array<string | undefined>, apiKey: string): AuthFailure | undefined {
	const offered = given.filter((key): key is string => key !== undefined);
	if (offered.includes(apiKey)) return undefined;
	// Real services echo the rejected key in the message; the client's redaction is tested against it.
	if (offered.length > 0) return errorBody(401, `Invalid API key: ${offered[0]}`, 'UNAUTHENTICATED');
	return errorBody(401, 'Missing API key', 'UNAUTHENTICATED');
}

function bearerKey(headers: IncomingHttpHeaders): string | undefined {
	const value = header(headers, 'authorization');
	if (value === undefined) return undefined;
	const match = /^Bearer\s+(.*)$/i.exec(value);
	return match ? match[1].trim() : value;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

function errorBody(code: number, message: string, status: string): AuthFailure {
	return { status: code, body: { error: { code, message, status } } };
}
