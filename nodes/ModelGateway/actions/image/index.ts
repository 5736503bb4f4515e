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
				action: 'Edit images',
				description: 'Change one or more input images by a prompt, also over several turns',
			},
			{
				name: 'Generate',
				value: 'generate',
				action: 'Generate an image',
				description: 'Create an image from a prompt with a gm- image model',
			},
			{
				name: 'Predict',
				value: 'predict',
				action: 'Generate images by prediction',
				description: 'Create images with an img- model (predict)',
			},
		],
		default: 'generate',
	},
	...generate.description,
	...edit.description,
	...predict.description,
];
