import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import type { InterfaceNames } from './wireNames';

/**
 * Sends one request through n8n's `httpRequestWithAuthentication` with this pack's credential, so
 * the instance's rules (SSRF protection, proxy settings) apply as they do to n8n's own nodes.
 */
export type AuthenticatedSend = (options: IHttpRequestOptions) => Promise<IN8nHttpFullResponse>;

/** The decrypted `socialGatewayApi` credential, as the transport needs it, with the helper that applies it. */
export interface GatewayCredentials {
	/** Only read to redact it from what the service echoes; `send` applies it to requests. */
	apiKey: string;
	/** The service address: data gateway, native model endpoints, model listing, avatar endpoints. */
	baseUrl: string;
	/** Address of the chat and messages interfaces; empty means `baseUrl`. */
	modelBaseUrl?: string;
	compatVersion?: string;
	/** The names the service speaks: the upstream's own (default) or the interface document's neutral words. */
	interfaceNames?: InterfaceNames;
	/** The `provider` value of the data gateway's run envelope. */
	provider?: string;
	/** The routing parameter every avatar call carries: its name and the fixed value. */
	avatarRouting?: { name?: string; value?: string };
	send: AuthenticatedSend;
	/** The node's limit on the size of an answer read (the transport's default when absent). */
	maxAnswerBytes?: number;
}

export const CREDENTIAL_NAME = 'socialGatewayApi';
export const DEFAULT_COMPAT_VERSION = '2023-06-01';
export const DEFAULT_ROUTING_PARAMETER_NAME = 'model';

export type AddressKind = 'service' | 'model';

export function addressOf(
	credentials: Pick<GatewayCredentials, 'baseUrl' | 'modelBaseUrl'>,
	kind: AddressKind,
): string {
	const address =
		kind === 'model' && credentials.modelBaseUrl ? credentials.modelBaseUrl : credentials.baseUrl;
	return address.replace(/\/+$/, '');
}
