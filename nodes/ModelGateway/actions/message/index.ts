import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';

export { create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				builderHint: {
					propertyHint:
						'One answer per item from `messages` through the messages interface; `max_tokens` is required. Use Chat \u203a Complete unless the model is only offered through messages.',
				},
				action: 'Create a message',
				description: 'Answer a conversation through the messages interface',
			},
		],
		default: 'create',
	},
	...create.description,
];
