import type { INodeProperties } from 'n8n-workflow';
import * as embed from './embed.operation';

export { embed };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['embedding'] } },
		options: [
			{
				name: 'Embed',
				value: 'embed',
				builderHint: {
					propertyHint:
						'One vector per item for `text` (embedContent), for similarity search or clustering; pair with a vector store node.',
				},
				action: 'Embed text',
				description: "Turn each item's text into a vector (embedContent)",
			},
		],
		default: 'embed',
	},
	...embed.description,
];
