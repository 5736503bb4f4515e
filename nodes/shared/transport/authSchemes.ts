import type { GatewayCredentials } from './credentials';
import { DEFAULT_COMPAT_VERSION } from './credentials';

/**
 * The three ways the gateway takes the one API key:
 * - bearer: gateway run, model listing, chat completions, avatar endpoints
 * - queryKey: native generate-content, embedding, prediction (`?key=`)
 * - messages: `x-api-key` plus `compat-version`
 */
export type AuthScheme = 'bearer' | 'queryKey' | 'messages';

export interface AuthParts {
	headers: Record<string, string>;
	query: Record<string, string>;
}

export function authParts(scheme: AuthScheme, credentials: GatewayCredentials): AuthParts {
	switch (scheme) {
		case 'bearer':
			return { headers: { authorization: `Bearer ${credentials.apiKey}` }, query: {} };
		case 'queryKey':
			return { headers: {}, query: { key: credentials.apiKey } };
		case 'messages':
			return {
				headers: {
					'x-api-key': credentials.apiKey,
					'compat-version': credentials.compatVersion || DEFAULT_COMPAT_VERSION,
				},
				query: {},
			};
	}
}
