import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type {
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { authenticateGatewayRequest } from '../../nodes/shared/transport/authSchemes';
import type { GatewayCredentials } from '../../nodes/shared/transport/credentials';

/**
 * Credentials for calling the transport outside a node: requests go through n8n's own outbound
 * HTTP client (the one behind `httpRequestWithAuthentication`) after the credential's `authenticate`.
 */
export function n8nCredentials(data: {
	apiKey: string;
	baseUrl: string;
	modelBaseUrl?: string;
	compatVersion?: string;
}): GatewayCredentials {
	return {
		...data,
		send: async (options) => {
			const authenticated = await authenticateGatewayRequest({ ...data }, options);
			return (await Container.get(OutboundHttp)
				.requests()
				.request(authenticated)) as IN8nHttpFullResponse;
		},
	};
}

/**
 * The part of n8n's load-options context the list searches use: the credential, the node, and
 * `httpRequestWithAuthentication` on n8n's outbound client (no execution, so no cancel signal).
 */
export function loadOptionsContext(
	data: { apiKey: string; baseUrl: string },
	getNodeParameter: (name: string, fallback?: unknown) => unknown = (_name, fallback) => fallback,
): ILoadOptionsFunctions {
	const credentials = n8nCredentials(data);
	return {
		getCredentials: async () => ({ ...data }),
		getNode: () => ({
			id: 'n',
			name: 'Node',
			type: 'test.node',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getNodeParameter,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) =>
				await credentials.send(options),
		},
	} as unknown as ILoadOptionsFunctions;
}
