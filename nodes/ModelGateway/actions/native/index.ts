import type { INodeProperties } from 'n8n-workflow';
import * as call from './call.operation';

export { call };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['native'] } },
		options: [
			{
				name: 'Call',
				value: 'call',
				builderHint: {
					propertyHint:
						'Expert pass-through: POST `{model}:{action}` of the native interface with a JSON body. Only when no other operation covers the call.',
				},
				action: 'Call a native model action',
				description:
					'POST any {model}:{action} of /v1beta/models or /v1alpha/models with a JSON body',
			},
		],
		default: 'call',
	},
	...call.description,
];
