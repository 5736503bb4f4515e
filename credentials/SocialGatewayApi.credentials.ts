import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';
import { authenticateGatewayRequest } from '../nodes/shared/transport/authSchemes';
import {
	DEFAULT_COMPAT_VERSION,
	DEFAULT_ROUTING_PARAMETER_NAME,
} from '../nodes/shared/transport/credentials';
import { DEFAULT_PROVIDER } from '../nodes/shared/transport/wireNames';

export class SocialGatewayApi implements ICredentialType {
	name = 'socialGatewayApi';

	displayName = 'Social Gateway API';

	icon = { light: 'file:socialGateway.svg', dark: 'file:socialGateway.dark.svg' } as const;

	documentationUrl =
		'https://github.com/social-gateway/n8n-nodes-social-gateway/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The one key for every interface; the nodes send it the way each interface expects',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://gateway.example.com',
			description:
				'The service address your provider gave you with the key: data gateway, native model endpoints, model listing and avatar endpoints',
		},
		{
			displayName: 'Model Base URL',
			name: 'modelBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com',
			description:
				'Address of the chat completions and messages interfaces, when your provider gives them their own host. Leave empty to use the Base URL.',
		},
		{
			displayName: 'Avatar Routing Value',
			name: 'avatarRoutingValue',
			type: 'string',
			default: '',
			description:
				'Needed only by the Avatar Assets node: the ID of the video model your avatar assets are for (e.g. doubao-seedance-2-0-260128), as your provider lists it. Every avatar call carries it in the routing parameter (named model by default).',
		},
		{
			displayName: 'Advanced Settings',
			name: 'advancedSettings',
			type: 'boolean',
			default: false,
			description: 'Whether to change settings that rarely need changing',
		},
		{
			displayName: 'Provider',
			name: 'provider',
			type: 'string',
			default: DEFAULT_PROVIDER,
			displayOptions: { show: { advancedSettings: [true] } },
			description:
				"The provider value every Social Data call carries (the run envelope's provider, POST /api/v1/run). Keep tikhub unless your provider's documentation of that endpoint names another value.",
		},
		{
			displayName: 'Interface Names',
			name: 'interfaceNames',
			type: 'options',
			options: [
				{
					name: 'Upstream Names',
					value: 'upstream',
					description:
						'The names the real service speaks (the default): /api/v1/douyin/web/… paths, the anthropic-version header, gemini- and imagen- models, BytedToken',
				},
				{
					name: 'Neutral Names',
					value: 'neutral',
					description:
						'The neutral words of the interface document, only for a service that speaks those: /api/v1/shortvideo/web/… paths, the compat-version header, gm- and img- models, AvatarToken',
				},
			],
			default: 'upstream',
			displayOptions: { show: { advancedSettings: [true] } },
			description:
				'Which names the nodes put on the wire: data paths, the messages version header and the real-person token field. Keep Upstream Names unless your provider documents the neutral words.',
		},
		{
			displayName: 'Compat Version',
			name: 'compatVersion',
			type: 'string',
			default: DEFAULT_COMPAT_VERSION,
			displayOptions: { show: { advancedSettings: [true] } },
			description:
				'Value of the version header of the messages interface: anthropic-version with Upstream Names, compat-version with Neutral Names',
		},
		{
			displayName: 'Avatar Routing Parameter Name',
			name: 'avatarRoutingName',
			type: 'string',
			default: DEFAULT_ROUTING_PARAMETER_NAME,
			displayOptions: { show: { advancedSettings: [true] } },
			description:
				'Name of the routing parameter every avatar call carries (in the body, or the query on calls without one)',
		},
	];

	// The one place that applies the key, per interface (Bearer, `?key=`, `x-api-key` + the version header):
	// the pack's nodes, the credential test and n8n's own HTTP Request node all go through it.
	authenticate = authenticateGatewayRequest;

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/models',
		},
	};
}
