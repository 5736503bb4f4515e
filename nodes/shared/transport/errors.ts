import { isRecord } from '../json/isRecord';

/** `blocked`: the instance's SSRF protection refused the address before anything was sent. */
export type GatewayErrorKind =
	| 'http'
	| 'network'
	| 'timeout'
	| 'invalid-response'
	| 'cancelled'
	| 'blocked';

export interface GatewayErrorDetails {
	kind: GatewayErrorKind;
	/** Endpoint name or path the call was for. */
	endpoint: string;
	status?: number;
	/** The service's own message, already redacted. */
	serviceMessage?: string;
	/** The answer's body (redacted), when it was JSON. */
	body?: unknown;
	/** Whether the service may have billed the call (timeouts after the request left). */
	mayHaveBilled?: boolean;
	/** The service refused the call because the key's credit balance or quota is used up: never retried. */
	quotaRefused?: boolean;
}

/** Every failure of a gateway call; messages never contain the API key. */
export class GatewayError extends Error {
	readonly details: GatewayErrorDetails;

	constructor(message: string, details: GatewayErrorDetails) {
		super(message);
		this.name = 'GatewayError';
		this.details = details;
	}

	get status() {
		return this.details.status;
	}
}

/** `ResponseMetadata.Error` ("Code: Message"), the way the avatar interfaces report an error, also inside a 2xx body. */
export function responseMetadataErrorOf(body: unknown): string | undefined {
	if (!isRecord(body) || !isRecord(body.ResponseMetadata)) return undefined;
	const error = body.ResponseMetadata.Error;
	if (!isRecord(error)) return undefined;
	const code = typeof error.Code === 'string' ? error.Code : undefined;
	const message = typeof error.Message === 'string' ? error.Message : undefined;
	if (!code && !message) return undefined;
	return [code, message].filter(Boolean).join(': ');
}

/** Picks the human message out of the error bodies services commonly send. */
export function serviceMessageOf(body: unknown): string | undefined {
	if (typeof body === 'string') return body.trim() || undefined;
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	const metadataError = responseMetadataErrorOf(record);
	if (metadataError) return metadataError;
	for (const key of ['message', 'detail', 'msg', 'error_description']) {
		const value = record[key];
		if (typeof value === 'string' && value) return value;
		if (value && typeof value === 'object') return serviceMessageOf(value);
	}
	if (record.error !== undefined) return serviceMessageOf(record.error);
	return undefined;
}

/**
 * Whether a failed call surely was not billed. The spec bills a data call on success: an answer
 * that rejected the call (any status outside 2xx) or a connection that failed before the request
 * left costs nothing. A timeout, a cut-off or unreadable 2xx answer, a 200 that reports an error,
 * or anything the transport marks `mayHaveBilled` may have been a billed success.
 */
export function surelyNotBilled(error: unknown): boolean {
	if (!(error instanceof GatewayError) || error.details.mayHaveBilled) return false;
	const { kind, status } = error.details;
	if (kind === 'http') return status !== undefined && (status < 200 || status >= 300);
	if (kind === 'network') return error.details.mayHaveBilled === false;
	return kind === 'blocked';
}
