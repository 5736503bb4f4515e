import type { IDataObject } from 'n8n-workflow';
import { SIMULATOR_API_KEY } from '../../simulator/constants';

/**
 * The `socialGatewayApi` credential of a harness run against the simulator at `baseUrl`, with the
 * simulator's key and no separate model gateway; `fields` overrides any of them. An
 * `interfaceNames` or `provider` among them also turns Advanced Settings on, as n8n reads those
 * fields only then.
 */
export function simulatorCredentials(baseUrl: string, fields: IDataObject = {}) {
	return {
		socialGatewayApi: {
			apiKey: SIMULATOR_API_KEY,
			baseUrl,
			modelBaseUrl: '',
			compatVersion: '2023-06-01',
			...(fields.interfaceNames === undefined && fields.provider === undefined
				? {}
				: { advancedSettings: true }),
			...fields,
		},
	};
}
