import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { modelOf, requiredText } from '../../helpers/parameters';
import {
	aspectRatioOption,
	binaryOutputOption,
	imageFormatOptions,
	modelLocator,
	safetyThresholdOption,
	systemInstructionOption,
} from '../descriptions';
import { DEFAULT_IMAGE_MODEL, generateImages } from './imageRequest';

export const endpoint = 'v1beta/models/{model}:generateContent';

export const imageSizeOption: INodeProperties = {
	displayName: 'Image Size',
	name: 'imageSize',
	type: 'options',
	options: [
		{ name: '1K', value: '1K' },
		{ name: '2K', value: '2K' },
		{ name: '4K', value: '4K' },
	],
	default: '1K',
	description: 'Resolution (sharpness) of models that offer it, e.g. gm-3-pro-image-preview (imageConfig.imageSize)',
};

const properties: INodeProperties[] = [
	modelLocator('searchImageModels', DEFAULT_IMAGE_MODEL),
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 2 },
		placeholder: 'e.g. A watercolour fox reading a newspaper',
		description: 'Description of the image to generate',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [aspectRatioOption, imageSizeOption, ...imageFormatOptions, binaryOutputOption, safetyThresholdOption, systemInstructionOption],
	},
];

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['image'], operation: ['generate'] } }, properties);

export async function execute(this: IExecuteFunctions, i: number, credentials: GatewayCredentials): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const prompt = requiredText(this, 'prompt', 'Prompt', i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return await generateImages(this, i, credentials, model, [{ role: 'user', parts: [{ text: prompt }] }], options);
}
