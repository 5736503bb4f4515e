import type { INodeProperties } from 'n8n-workflow';
import * as classify from './classify.operation';
import * as complete from './complete.operation';

export { classify, complete };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chat'] } },
		options: [
			{
				name: 'Classify in Batches',
				value: 'classify',
				action: 'Classify items in batches',
				description:
					'Label every input item with one of your labels, many items per model call, answers checked',
			},
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
	...classify.description,
];
