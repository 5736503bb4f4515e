import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { modelLocator } from '../descriptions';
import { imageOptions, promptProperty } from './imageProperties';
import { DEFAULT_IMAGE_MODEL, generateImages } from './imageRequest';

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

interface Plan {
	model: string;
	prompt: string;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const prompt = requiredTextParameter(this, { name: 'prompt', displayName: 'Prompt' }, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { model, prompt, options };
}

export async function run(
	this: IExecuteFunctions,
	{ model, prompt, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	return await generateImages(
		this,
		i,
		credentials,
		model,
		[{ role: 'user', parts: [{ text: prompt }] }],
		options,
	);
}
