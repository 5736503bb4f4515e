import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';
import { DEFAULT_COMPAT_VERSION } from './credentials';
import { interfaceNamesOf, MESSAGES_VERSION_HEADER, modelStem } from './wireNames';

/**
 * The three ways the gateway takes the one API key (spec, "Authentication"):
 * - bearer: gateway run, model listing, chat completions, avatar endpoints
 * - queryKey: native generate-content, embedding, prediction, native model list (`?key=`)
 * - messages: `x-api-key` plus the version header (`anthropic-version`; the spec's `compat-version`)
 */
export type AuthScheme = 'bearer' | 'queryKey' | 'messages';

/** Native models (by stem, in either vocabulary) whose spec entry lists only an Authorization header (no `?key=`). */
const BEARER_ONLY_NATIVE_MODELS = new Set(['3.1-flash-lite-image']);

const MESSAGES_PATH = /\/v1\/messages\/?$/;
const NATIVE_PATH = /\/v1(?:beta|alpha)\/models(?:\/([^/:]+))?/;

function pathnameOf(url: string): string {
	const withoutQuery = url.split(/[?#]/, 1)[0];
	const afterOrigin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(withoutQuery);
	return afterOrigin ? withoutQuery.slice(afterOrigin[0].length) : withoutQuery;
}

/** The scheme of the interface a request goes to, read from its path (any address prefix allowed). */
export function authSchemeOf(url: string): AuthScheme {
	const path = pathnameOf(url);
	if (MESSAGES_PATH.test(path)) return 'messages';
	const native = NATIVE_PATH.exec(path);
	if (!native) return 'bearer';
	const model = native[1] === undefined ? '' : decodeURIComponent(native[1]);
	return BEARER_ONLY_NATIVE_MODELS.has(modelStem(model)) ? 'bearer' : 'queryKey';
}

/**
 * The credential's `authenticate`: adds the key the way the addressed interface takes it. Living in
 * the credential, it applies the same rules to the pack's nodes, the credential test and n8n's own
 * HTTP Request node ("Predefined Credential Type").
 */
export async function authenticateGatewayRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const apiKey = String(credentials.apiKey ?? '');
	// n8n's HTTP Request node hands over the legacy shape, with `uri` instead of `url`.
	const target = requestOptions.url ?? (requestOptions as { uri?: string }).uri ?? '';
	switch (authSchemeOf(target)) {
		case 'queryKey':
			return { ...requestOptions, qs: { ...requestOptions.qs, key: apiKey } };
		case 'messages':
			return {
				...requestOptions,
				headers: {
					...requestOptions.headers,
					'x-api-key': apiKey,
					[MESSAGES_VERSION_HEADER[interfaceNamesOf(credentials.interfaceNames)]]: String(
						credentials.compatVersion || DEFAULT_COMPAT_VERSION,
					),
				},
			};
		case 'bearer':
			return {
				...requestOptions,
				headers: { ...requestOptions.headers, Authorization: `Bearer ${apiKey}` },
			};
	}
}
