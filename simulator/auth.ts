import type { IncomingHttpHeaders } from 'node:http';
import { MESSAGES_VERSION_HEADER, type InterfaceNames } from '../nodes/shared/transport/wireNames';

/**
 * - bearer: `Authorization: Bearer <key>` (gateway run, model listing, chat completions, avatar paths)
 * - keyOrBearer: query `key` or Bearer (native `/v1beta/*`, `/v1alpha/*`)
 * - messages: `x-api-key` and the version header of the names the simulator speaks
 *   (`anthropic-version`, or the interface document's `compat-version`) (`/v1/messages`)
 */
export type AuthScheme = 'bearer' | 'keyOrBearer' | 'messages' | 'none';

export interface AuthRequest {
	headers: IncomingHttpHeaders;
	query: URLSearchParams;
	/** The request target as it came over the wire (path and query, encoded as the client wrote them). */
	target?: string;
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
export function checkAuth(
	scheme: AuthScheme,
	request: AuthRequest,
	apiKey: string,
	names: InterfaceNames,
): AuthFailure | undefined {
	switch (scheme) {
		case 'none':
			return undefined;
		case 'bearer':
			return verdict([bearerKey(request.headers)], apiKey, request.target);
		case 'keyOrBearer':
			return verdict(
				[request.query.get('key') ?? undefined, bearerKey(request.headers)],
				apiKey,
				request.target,
			);
		case 'messages': {
			const failure = verdict([header(request.headers, 'x-api-key')], apiKey, request.target);
			if (failure) return failure;
			const versionHeader = MESSAGES_VERSION_HEADER[names];
			if (!header(request.headers, versionHeader))
				return errorBody(400, `${versionHeader} header is required`, 'INVALID_ARGUMENT');
			return undefined;
		}
	}
}

function verdict(
	given: Array<string | undefined>,
	apiKey: string,
	target = '',
): AuthFailure | undefined {
	const offered = given.filter((key): key is string => key !== undefined);
	if (offered.includes(apiKey)) return undefined;
	// Real services echo the rejected key in the message, in the request line as the client encoded
	// it, and sometimes as a base64 fingerprint; the client's redaction is tested against all three.
	if (offered.length > 0) {
		const failure = errorBody(
			401,
			`Invalid API key: ${offered[0]} (request ${target})`,
			'UNAUTHENTICATED',
		);
		(failure.body as { error: Record<string, unknown> }).error.keyFingerprint = Buffer.from(
			offered[0],
			'utf8',
		).toString('base64');
		return failure;
	}
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
