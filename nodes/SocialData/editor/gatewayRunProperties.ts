import type { INodeProperties } from 'n8n-workflow';
import { optionsCollection } from '../../shared/execution';
import { commonNodeOptions } from './nodeOptions';

/** The Gateway › Run operation: any data endpoint of the gateway by its path and a JSON input. */

export const GATEWAY_RESOURCE = 'gateway';
export const GATEWAY_RUN_OPERATION = 'run';

const display = {
	show: { resource: [GATEWAY_RESOURCE], operation: [GATEWAY_RUN_OPERATION] },
};

export const gatewayRunProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [GATEWAY_RESOURCE] } },
		options: [
			{
				name: 'Run',
				value: GATEWAY_RUN_OPERATION,
				description:
					'Call any data endpoint by its path (search, hot lists, creators, user profiles, account articles…)',
				action: 'Run a data endpoint',
				builderHint: {
					propertyHint:
						'Only for a data path no other Social Data operation covers: fill `endpointPath` (starting with /api/v1/) and `input` (JSON). The answer comes back as the service sends it.',
				},
			},
		],
		default: GATEWAY_RUN_OPERATION,
	},
	{
		displayName: 'Endpoint Path',
		name: 'endpointPath',
		type: 'string',
		required: true,
		default: '',
		placeholder: '/api/v1/douyin/web/fetch_hot_search_list',
		description:
			'Upstream data path, starting with /api/v1/ (the neutral words of the interface document work too: the call sends the names the credential chooses)',
		displayOptions: display,
		builderHint: {
			propertyHint:
				"The gateway's upstream path of the endpoint, as its documentation names it; never a full URL.",
		},
	},
	{
		displayName: 'Input (JSON)',
		name: 'input',
		type: 'json',
		default: '{}',
		description:
			'Parameters of that endpoint. Write 64-bit IDs as strings or bare numbers: both arrive digit for digit.',
		displayOptions: display,
	},
	optionsCollection(commonNodeOptions, display),
];
