import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';
import { authenticateGatewayRequest } from '../nodes/shared/transport/authSchemes';

export class SocialGatewayApi implements ICredentialType {
	name = 'socialGatewayApi';

	displayName = 'Social Gateway API';

	icon = { light: 'file:socialGateway.svg', dark: 'file:socialGateway.dark.svg' } as const;

	documentationUrl = 'https://github.com/social-gateway/n8n-nodes-social-gateway/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The one key for every interface; the nodes send it the way each interface expects',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:8787',
			required: true,
			description: 'The service address: data gateway, native model endpoints, model listing and avatar endpoints',
		},
		{
			displayName: 'Model Base URL',
			name: 'modelBaseUrl',
			type: 'string',
			default: '',
			description: 'Address of the chat completions and messages interfaces. Empty means the Base URL.',
		},
		{
			displayName: 'Compat Version',
			name: 'compatVersion',
			type: 'string',
			default: '2023-06-01',
			description: 'Value of the compat-version header of the messages interface',
		},
	];

	// The one place that applies the key, per interface (Bearer, `?key=`, `x-api-key` + `compat-version`):
	// the pack's nodes, the credential test and n8n's own HTTP Request node all go through it.
	authenticate = authenticateGatewayRequest;

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/models',
		},
	};
}
