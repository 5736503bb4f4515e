import type { GatewayCall } from '../../shared/transport/request';
import type { GatewayCredentials } from '../../shared/transport/credentials';

/** The interfaces of the model gateway, each with the auth scheme and address the spec gives it. */

const NATIVE_TIMEOUT_MS = 300_000;
/** For streams: the longest silence between two pieces of the answer. */
export const STREAM_SILENCE_TIMEOUT_MS = 120_000;
const LISTING_TIMEOUT_MS = 30_000;

/** Models whose spec entry lists only an Authorization header (no `?key=`). */
const BEARER_ONLY_NATIVE_MODELS = new Set(['gm-3.1-flash-lite-image']);

export type NativeVersion = 'v1beta' | 'v1alpha';

export function encodeModelAction(model: string, action: string): string {
	return `${encodeURIComponent(model)}:${encodeURIComponent(action)}`;
}

/** `POST /{version}/models/{model}:{action}`, key in the query (Bearer for the models that list only it). */
export function nativeCall(
	credentials: GatewayCredentials,
	model: string,
	action: string,
	body: unknown,
	extra: Partial<GatewayCall> = {},
	version: NativeVersion = 'v1beta',
): GatewayCall {
	return {
		credentials,
		method: 'POST',
		path: `/${version}/models/${encodeModelAction(model, action)}`,
		scheme: BEARER_ONLY_NATIVE_MODELS.has(model) ? 'bearer' : 'queryKey',
		endpoint: `${version}/models/${model}:${action}`,
		timeoutMs: NATIVE_TIMEOUT_MS,
		address: 'service',
		body,
		...extra,
	};
}

/** A POST at the model address (the chat completions and messages interfaces). */
function modelAddressCall(
	path: string,
	scheme: GatewayCall['scheme'],
	credentials: GatewayCredentials,
	body: unknown,
	extra: Partial<GatewayCall>,
): GatewayCall {
	return { credentials, method: 'POST', path, scheme, endpoint: path.slice(1), timeoutMs: NATIVE_TIMEOUT_MS, address: 'model', body, ...extra };
}

/** `POST /v1/chat/completions`, Bearer, at the model address. */
export function chatCall(credentials: GatewayCredentials, body: unknown, extra: Partial<GatewayCall> = {}): GatewayCall {
	return modelAddressCall('/v1/chat/completions', 'bearer', credentials, body, extra);
}

/** `POST /v1/messages`, `x-api-key` and `compat-version`, at the model address. */
export function messagesCall(credentials: GatewayCredentials, body: unknown, extra: Partial<GatewayCall> = {}): GatewayCall {
	return modelAddressCall('/v1/messages', 'messages', credentials, body, extra);
}

/** `GET /v1/models[/{model}]` (Bearer) or `GET /v1alpha/models` (key in the query). */
export function modelListingCall(credentials: GatewayCredentials, which: 'list' | 'native' | { model: string }, signal?: AbortSignal): GatewayCall {
	if (which === 'native') {
		return { credentials, method: 'GET', path: '/v1alpha/models', scheme: 'queryKey', endpoint: 'v1alpha/models', timeoutMs: LISTING_TIMEOUT_MS, signal };
	}
	const path = which === 'list' ? '/v1/models' : `/v1/models/${encodeURIComponent(which.model)}`;
	return { credentials, method: 'GET', path, scheme: 'bearer', endpoint: path.slice(1), timeoutMs: LISTING_TIMEOUT_MS, signal };
}
