import { parseLosslessJson } from '../json/losslessJson';
import { parseLosslessJsonBytes } from '../json/losslessJsonBytes';
import { GatewayError, serviceMessageOf } from './errors';
import { isQuotaRefusal, quotaRefusalMessage } from './quotaRefusal';
import { redactAnswer, redactDeep, redactSecret } from './redact';

const SNIPPET_LENGTH = 200;

function looksLikeHtml(text: string, contentType: string) {
	return contentType.includes('html') || /^\s*<(!doctype|html|head|body)/i.test(text);
}

function snippet(text: string) {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}…` : flat;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Parses a successful answer's bytes; anything but JSON becomes a clear error, never an empty result.
 * The bytes decide, not the label: valid JSON is JSON whatever the content-type says (after a BOM).
 * A key the service echoes in a successful answer is redacted as in error bodies.
 */
export function parseSuccessBody(
	answer: Buffer,
	contentType: string,
	endpoint: string,
	secret: string,
): unknown {
	const bytes = answer.subarray(0, 3).equals(UTF8_BOM) ? answer.subarray(3) : answer;
	const parsed = parsedOrUnreadable(bytes);
	if (parsed !== UNREADABLE) return redactAnswer(parsed, secret);
	const text = bytes.toString('utf8');
	if (looksLikeHtml(text.slice(0, 64), contentType)) {
		throw new GatewayError(`The service answered ${endpoint} with an HTML page instead of JSON`, {
			kind: 'invalid-response',
			endpoint,
			serviceMessage: snippet(redactSecret(text, secret)),
			mayHaveBilled: true,
		});
	}
	throw new GatewayError(
		text.trim() === ''
			? `The service answered ${endpoint} with an empty body`
			: `The service's answer to ${endpoint} is not complete JSON (truncated or malformed)`,
		{
			kind: 'invalid-response',
			endpoint,
			serviceMessage: snippet(redactSecret(text, secret)),
			mayHaveBilled: true,
		},
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

/**
 * Builds the error for a non-2xx answer from its body, carrying the service's own message;
 * `mayHaveBilled` when the status does not prove the work was not done (see retryPolicy).
 */
export function httpErrorOf(
	status: number,
	text: string,
	contentType: string,
	endpoint: string,
	secret: string,
	mayHaveBilled = false,
): GatewayError {
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
	const details = { kind: 'http', endpoint, status, serviceMessage, body, mayHaveBilled } as const;
	if (isQuotaRefusal(status, body, serviceMessage)) {
		return new GatewayError(quotaRefusalMessage(endpoint, status, serviceMessage), {
			...details,
			quotaRefused: true,
		});
	}
	const rejected = `The service rejected ${endpoint} with HTTP ${status}${serviceMessage ? `: ${serviceMessage}` : ''}`;
	const message = mayHaveBilled
		? `${rejected}. Not retried: a proxy answers so also after the work was done, so the service may have billed the call`
		: rejected;
	return new GatewayError(message, details);
}
