import type { INodeProperties } from 'n8n-workflow';
import * as complete from './complete.operation';

export { complete };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chat'] } },
		options: [
			{
				name: 'Complete',
				value: 'complete',
				action: 'Create a chat completion',
				description: 'Answer a conversation through the chat completions interface',
			},
		],
		default: 'complete',
	},
	...complete.description,
];
