import type { GatewayCredentials } from '../../shared/transport/credentials';
import { GatewayError, responseMetadataErrorOf } from '../../shared/transport/errors';
import type { HttpMethod } from '../../shared/transport/request';
import { callGateway } from '../../shared/transport/request';
import { redactDeep, redactSecret } from '../../shared/transport/redact';
import { isRecord } from '../../shared/json/isRecord';

/** The routing parameter every avatar call carries (name and value are not published by the spec). */
export interface AvatarRouting {
	name: string;
	value: string;
}

export interface AvatarCallSettings {
	credentials: GatewayCredentials;
	routing: AvatarRouting;
	/** Merged into every body last, so the user's fields win over the node's. */
	additionalBodyFields: Record<string, unknown>;
	timeoutMs: number;
	signal?: AbortSignal;
}

export interface AvatarRequest {
	method: HttpMethod;
	path: string;
	/** Only body calls (POST, PATCH) have one; path-only calls (GET, DELETE) carry the routing parameter in the query. */
	body?: Record<string, unknown>;
}

export type AvatarAnswer = Record<string, unknown>;

export const AVATAR_TIMEOUT_MS = 60_000;

export function endpointOf(request: Pick<AvatarRequest, 'method' | 'path'>): string {
	return `${request.method} ${request.path}`;
}

/**
 * One avatar call. A DELETE the service answers with 204 or an empty 2xx body succeeded: its answer
 * is `{}` (the operation then says what was deleted); any other call needs a JSON object.
 */
export async function callAvatar(
	settings: AvatarCallSettings,
	request: AvatarRequest,
): Promise<AvatarAnswer> {
	const endpoint = endpointOf(request);
	const { name, value } = settings.routing;
	const hasBody = request.body !== undefined;
	const answer = await callGateway<unknown>({
		credentials: settings.credentials,
		method: request.method,
		path: request.path,
		endpoint,
		timeoutMs: settings.timeoutMs,
		signal: settings.signal,
		query: hasBody ? undefined : { [name]: value },
		body: hasBody
			? { [name]: value, ...request.body, ...settings.additionalBodyFields }
			: undefined,
	});
	const found = responseMetadataErrorOf(answer.body);
	if (found) {
		const apiKey = settings.credentials.apiKey;
		const problem = redactSecret(found, apiKey);
		throw new GatewayError(`The service rejected ${endpoint}: ${problem}`, {
			kind: 'http',
			endpoint,
			status: answer.status,
			serviceMessage: problem,
			body: redactDeep(answer.body, apiKey),
		});
	}
	const empty = answer.body === undefined || answer.body === null || answer.body === '';
	if (empty && request.method === 'DELETE' && answer.status >= 200 && answer.status < 300)
		return {};
	if (answer.body === undefined || answer.body === '') {
		throw new GatewayError(
			`The service answered ${endpoint} (HTTP ${answer.status}) without a body`,
			{
				kind: 'invalid-response',
				endpoint,
				status: answer.status,
			},
		);
	}
	if (!isRecord(answer.body)) {
		throw new GatewayError(`The service answered ${endpoint} with JSON that is not an object`, {
			kind: 'invalid-response',
			endpoint,
		});
	}
	return answer.body;
}
