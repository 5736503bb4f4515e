import type { GatewayCall } from '../transport/request';
import type { GatewayCredentials } from '../transport/credentials';

/** The interfaces of the model gateway, each at the address the spec gives it (the credential applies each one's auth scheme). */

const NATIVE_TIMEOUT_MS = 300_000;
/** For streams: the longest silence between two pieces of the answer. */
export const STREAM_SILENCE_TIMEOUT_MS = 120_000;
const LISTING_TIMEOUT_MS = 30_000;

export type NativeVersion = 'v1beta' | 'v1alpha';

export function encodeModelAction(model: string, action: string): string {
	return `${encodeURIComponent(model)}:${encodeURIComponent(action)}`;
}

/** `POST /{version}/models/{model}:{action}`. */
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
	credentials: GatewayCredentials,
	body: unknown,
	extra: Partial<GatewayCall>,
): GatewayCall {
	return {
		credentials,
		method: 'POST',
		path,
		endpoint: path.slice(1),
		timeoutMs: NATIVE_TIMEOUT_MS,
		address: 'model',
		body,
		...extra,
	};
}

/** `POST /v1/chat/completions` at the model address. */
export function chatCall(
	credentials: GatewayCredentials,
	body: unknown,
	extra: Partial<GatewayCall> = {},
): GatewayCall {
	return modelAddressCall('/v1/chat/completions', credentials, body, extra);
}

/** `POST /v1/messages` at the model address. */
export function messagesCall(
	credentials: GatewayCredentials,
	body: unknown,
	extra: Partial<GatewayCall> = {},
): GatewayCall {
	return modelAddressCall('/v1/messages', credentials, body, extra);
}

/** `GET /v1/models[/{model}]` or `GET /v1alpha/models`. */
export function modelListingCall(
	credentials: GatewayCredentials,
	which: 'list' | 'native' | { model: string },
	signal?: AbortSignal,
): GatewayCall {
	if (which === 'native') {
		return {
			credentials,
			method: 'GET',
			path: '/v1alpha/models',
			endpoint: 'v1alpha/models',
			timeoutMs: LISTING_TIMEOUT_MS,
			signal,
		};
	}
	const path = which === 'list' ? '/v1/models' : `/v1/models/${encodeURIComponent(which.model)}`;
	return {
		credentials,
		method: 'GET',
		path,
		endpoint: path.slice(1),
		timeoutMs: LISTING_TIMEOUT_MS,
		signal,
	};
}
