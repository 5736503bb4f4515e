import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { modelLocator } from '../../../shared/models/modelLocator';
import { imageOptions, promptProperty } from './imageProperties';
import type { ImagePlan } from './imageRequest';
import { DEFAULT_IMAGE_MODEL, imagePlan, runImageRequest } from './imageRequest';

export const endpoint = 'v1beta/models/{model}:generateContent';

const properties: INodeProperties[] = [
	modelLocator('searchImageModels', DEFAULT_IMAGE_MODEL),
	promptProperty(
		'Description of the image to generate',
		'e.g. A watercolour fox reading a newspaper',
	),
	imageOptions(),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['image'], operation: ['generate'] } },
	properties,
);

export function plan(this: IExecuteFunctions, i: number): ImagePlan {
	const model = modelOf(this, i);
	const prompt = requiredTextParameter(this, { name: 'prompt', displayName: 'Prompt' }, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return imagePlan(model, [{ role: 'user', parts: [{ text: prompt }] }], options);
}

export const run = runImageRequest;
