import type {
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	ISupplyDataFunctions,
} from 'n8n-workflow';
import type { GatewayCredentials } from './transport/credentials';
import { CREDENTIAL_NAME } from './transport/credentials';
import { DEFAULT_PROVIDER, interfaceNamesOf } from './transport/wireNames';

/**
 * Reads the credential once per execution and binds n8n's `httpRequestWithAuthentication` to it;
 * handing over the decrypted data spares n8n a decryption per request.
 */
export async function getGatewayCredentials(
	context: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | ISupplyDataFunctions,
): Promise<GatewayCredentials> {
	const data = await context.getCredentials(CREDENTIAL_NAME);
	const reference = context.getNode().credentials?.[CREDENTIAL_NAME];
	const credentialsDecrypted = {
		id: reference?.id ?? '',
		name: reference?.name ?? '',
		type: CREDENTIAL_NAME,
		data,
	};
	return {
		apiKey: String(data.apiKey ?? ''),
		baseUrl: String(data.baseUrl ?? ''),
		modelBaseUrl: data.modelBaseUrl ? String(data.modelBaseUrl) : undefined,
		compatVersion: data.compatVersion ? String(data.compatVersion) : undefined,
		interfaceNames: interfaceNamesOf(data.interfaceNames),
		provider: String(data.provider ?? '').trim() || DEFAULT_PROVIDER,
		avatarRouting: {
			name: data.avatarRoutingName ? String(data.avatarRoutingName) : undefined,
			value: data.avatarRoutingValue ? String(data.avatarRoutingValue) : undefined,
		},
		send: async (options: IHttpRequestOptions) =>
			(await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_NAME, options, {
				credentialsDecrypted,
			})) as IN8nHttpFullResponse,
	};
}
