import { parseLosslessJson } from '../json/losslessJson';
import { parseLosslessJsonBytes } from '../json/losslessJsonBytes';
import { GatewayError, serviceMessageOf } from './errors';
import { redactDeep, redactSecret } from './redact';

const SNIPPET_LENGTH = 200;

function looksLikeHtml(text: string, contentType: string) {
	return contentType.includes('html') || /^\s*<(!doctype|html|head|body)/i.test(text);
}

function snippet(text: string) {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}…` : flat;
}

/** Parses a successful answer's bytes; anything but JSON becomes a clear error, never an empty result. */
export function parseSuccessBody(bytes: Buffer, contentType: string, endpoint: string, secret: string): unknown {
	const head = bytes.toString('utf8', 0, Math.min(bytes.length, 64));
	if (looksLikeHtml(head, contentType)) {
		const text = bytes.toString('utf8');
		throw new GatewayError(`The service answered ${endpoint} with an HTML page instead of JSON`, {
			kind: 'invalid-response',
			endpoint,
			serviceMessage: snippet(redactSecret(text, secret)),
		});
	}
	const parsed = parsedOrUnreadable(bytes);
	if (parsed !== UNREADABLE) return parsed;
	const text = bytes.toString('utf8');
	throw new GatewayError(
		text.trim() === ''
			? `The service answered ${endpoint} with an empty body`
			: `The service's answer to ${endpoint} is not complete JSON (truncated or malformed)`,
		{ kind: 'invalid-response', endpoint, serviceMessage: snippet(redactSecret(text, secret)), mayHaveBilled: true },
	);
}

const UNREADABLE = Symbol('unreadable');

function parsedOrUnreadable(bytes: Buffer): unknown {
	try {
		return parseLosslessJsonBytes(bytes);
	} catch {
		return UNREADABLE;
	}
}

/** Builds the error for a non-2xx answer from its body, carrying the service's own message. */
export function httpErrorOf(status: number, text: string, contentType: string, endpoint: string, secret: string): GatewayError {
	let body: unknown;
	let serviceMessage: string | undefined;
	// Redacted before any snippet is cut: a cut through an echoed key would leave part of it.
	const redacted = redactSecret(text, secret);
	if (looksLikeHtml(text, contentType)) {
		serviceMessage = `HTML error page: ${snippet(redacted)}`;
	} else {
		try {
			body = redactDeep(parseLosslessJson(text), secret);
			serviceMessage = serviceMessageOf(body);
		} catch {
			serviceMessage = redacted.trim() ? snippet(redacted) : undefined;
		}
	}
	serviceMessage = serviceMessage === undefined ? undefined : redactSecret(serviceMessage, secret);
	const message = `The service rejected ${endpoint} with HTTP ${status}${serviceMessage ? `: ${serviceMessage}` : ''}`;
	return new GatewayError(message, { kind: 'http', endpoint, status, serviceMessage, body });
}
