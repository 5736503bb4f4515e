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
				builderHint: {
					propertyHint:
						"Labels every input item with one of `labels` (comma-separated, e.g. positive, neutral, negative), 25 items per model call, answers checked; an item never classified gets the unclassified label. Fill `text` with an expression reading the item's text (e.g. a Social Data mention's title and text). Pair after Social Data (search or comments) to label mentions by sentiment or topic.",
				},
				action: 'Classify items in batches',
				description:
					'Label every input item with one of your labels, many items per model call, answers checked',
			},
			{
				name: 'Complete',
				value: 'complete',
				builderHint: {
					propertyHint:
						'One chat answer per item from `messages` (system and user roles) through the chat completions interface; answer text in `choices[0].message.content`. For agents with tools use the Social Gateway Chat Model under an AI Agent instead.',
				},
				action: 'Create a chat completion',
				description: 'Answer a conversation through the chat completions interface',
			},
		],
		default: 'complete',
	},
	...complete.description,
	...classify.description,
];
