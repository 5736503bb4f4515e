import type { INodeProperties } from 'n8n-workflow';
import * as generate from './generate.operation';

export { generate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['speech'] } },
		options: [
			{
				name: 'Generate',
				value: 'generate',
				builderHint: {
					propertyHint:
						'Reads `text` aloud with `voiceName`; the answer is a WAV file in binary data, for storage, e-mail or chat nodes.',
				},
				action: 'Generate speech',
				description: 'Read a text aloud with a speech model; the answer becomes a WAV file',
			},
		],
		default: 'generate',
	},
	...generate.description,
];
