import type { INodeProperties } from 'n8n-workflow';
import * as edit from './edit.operation';
import * as generate from './generate.operation';
import * as predict from './predict.operation';

export { edit, generate, predict };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['image'] } },
		options: [
			{
				name: 'Edit',
				value: 'edit',
				builderHint: {
					propertyHint:
						'Changes the images in the binary properties named in `binaryPropertyNames` by `prompt` with a gemini- image model (e.g. gemini-2.5-flash-image); the result comes back as binary data.',
				},
				action: 'Edit images',
				description: 'Change one or more input images by a prompt, also over several turns',
			},
			{
				name: 'Generate',
				value: 'generate',
				builderHint: {
					propertyHint:
						'Creates an image from `prompt` with a gemini- image model (e.g. gemini-2.5-flash-image); the image comes back as binary data.',
				},
				action: 'Generate an image',
				description: 'Create an image from a prompt with a gemini- image model',
			},
			{
				name: 'Predict',
				value: 'predict',
				builderHint: {
					propertyHint:
						'Creates images from `prompt` with an imagen- model (predict interface, e.g. imagen-4.0-generate-001); images come back as binary data.',
				},
				action: 'Generate images by prediction',
				description: 'Create images with an imagen- model (predict)',
			},
		],
		default: 'generate',
	},
	...generate.description,
	...edit.description,
	...predict.description,
];
