import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import type { GatewayCredentials } from './transport/credentials';
import { CREDENTIAL_NAME } from './transport/credentials';

export async function getGatewayCredentials(context: IExecuteFunctions | ILoadOptionsFunctions): Promise<GatewayCredentials> {
	const data = await context.getCredentials(CREDENTIAL_NAME);
	return {
		apiKey: String(data.apiKey ?? ''),
		baseUrl: String(data.baseUrl ?? ''),
		modelBaseUrl: data.modelBaseUrl ? String(data.modelBaseUrl) : undefined,
		compatVersion: data.compatVersion ? String(data.compatVersion) : undefined,
	};
}
