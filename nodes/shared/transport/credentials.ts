/** The decrypted `socialGatewayApi` credential, as the transport needs it. */
export interface GatewayCredentials {
	apiKey: string;
	/** The service address: data gateway, native model endpoints, model listing, avatar endpoints. */
	baseUrl: string;
	/** Address of the chat and messages interfaces; empty means `baseUrl`. */
	modelBaseUrl?: string;
	compatVersion?: string;
}

export const CREDENTIAL_NAME = 'socialGatewayApi';
export const DEFAULT_COMPAT_VERSION = '2023-06-01';

export type AddressKind = 'service' | 'model';

export function addressOf(credentials: GatewayCredentials, kind: AddressKind): string {
	const address = kind === 'model' && credentials.modelBaseUrl ? credentials.modelBaseUrl : credentials.baseUrl;
	return address.replace(/\/+$/, '');
}
