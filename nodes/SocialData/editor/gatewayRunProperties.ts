import type { INodeProperties } from 'n8n-workflow';
import { optionsCollection } from '../../shared/execution';
import { commonNodeOptions } from './nodeOptions';

/** The Gateway › Run operation: any data endpoint of the gateway by its path and a JSON input. */

const display = { show: { resource: ['gateway'], operation: ['run'] } };

export const gatewayRunProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['gateway'] } },
		options: [
			{
				name: 'Run',
				value: 'run',
				description:
					'Call any data endpoint by its path (search, hot lists, creators, user profiles, account articles…)',
				action: 'Run a data endpoint',
			},
		],
		default: 'run',
	},
	{
		displayName: 'Endpoint Path',
		name: 'endpointPath',
		type: 'string',
		required: true,
		default: '',
		placeholder: '/api/v1/shortvideo/web/fetch_hot_search_list',
		description: 'Upstream data path, starting with /api/v1/',
		displayOptions: display,
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
