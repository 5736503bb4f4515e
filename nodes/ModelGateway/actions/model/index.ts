import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as list from './list.operation';
import * as listNative from './listNative.operation';

export { get, list, listNative };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['model'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				builderHint: {
					propertyHint: 'One model record by `modelId`: to check a model exists before using it.',
				},
				action: 'Get a model',
				description: 'Get one model record (GET /v1/models/{model})',
			},
			{
				name: 'List',
				value: 'list',
				builderHint: {
					propertyHint:
						'One item per model this key may use, with its id: to pick a `modelId` for other operations.',
				},
				action: 'List models',
				description: 'List the models this key may use (GET /v1/models), one item per model',
			},
			{
				name: 'List Native',
				value: 'listNative',
				builderHint: {
					propertyHint:
						'One item per model of the native interface (text, image, embedding, speech operations).',
				},
				action: 'List native models',
				description: 'List the models of the native interface (GET /v1alpha/models)',
			},
		],
		default: 'list',
	},
	...get.description,
];
