import type { INodeProperties } from 'n8n-workflow';
import * as generate from './generate.operation';
import * as stream from './stream.operation';

export { generate, stream };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['text'] } },
		options: [
			{
				name: 'Generate',
				value: 'generate',
				builderHint: {
					propertyHint:
						'Generates text from `text` (the prompt) with a native model; answer text in the output. The simplest way to summarise or write a report from earlier items.',
				},
				action: 'Generate text',
				description: 'Generate content with a native model (generateContent)',
			},
			{
				name: 'Stream',
				value: 'stream',
				builderHint: {
					propertyHint:
						'Same as Generate, read as a stream and assembled into one answer: for long answers that would otherwise time out.',
				},
				action: 'Stream text',
				description:
					'Generate content as Server-Sent Events (streamGenerateContent) and assemble the answer',
			},
		],
		default: 'generate',
	},
	...generate.description,
	...stream.description,
];
