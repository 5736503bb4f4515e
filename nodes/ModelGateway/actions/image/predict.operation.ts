import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { answerLacks, askModel } from '../../helpers/askModel';
import { imageItems, imagesOfPrediction } from '../../helpers/imageOutput';
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { binaryOutputOption, modelOptions } from '../descriptions';
import { modelLocator } from '../../../shared/models/modelLocator';
import { promptProperty } from './imageProperties';

export const endpoint = 'v1beta/models/{model}:predict';

const properties: INodeProperties[] = [
	modelLocator('searchPredictionModels', 'imagen-4.0-generate-001'),
	promptProperty('Description of the image (instances[].prompt)'),
	{
		displayName: 'Number of Images',
		name: 'sampleCount',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, maxValue: 4, numberPrecision: 0 },
		description:
			'How many images to generate (parameters.sampleCount); each becomes one output item',
	},
	modelOptions([binaryOutputOption]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['image'], operation: ['predict'] } },
	properties,
);

interface Plan {
	model: string;
	body: IDataObject;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const prompt = requiredTextParameter(this, { name: 'prompt', displayName: 'Prompt' }, i);
	const sampleCount = Number(this.getNodeParameter('sampleCount', i, 1));
	if (!Number.isInteger(sampleCount) || sampleCount < 1) {
		throw InputError.about(
			{ name: 'sampleCount', displayName: 'Number of Images' },
			`must be a whole number of at least 1; got ${sampleCount}`,
		);
	}
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const body = { instances: [{ prompt }], parameters: { sampleCount } };
	return { model, body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ model, body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const response = await askModel(this, credentials, model, 'predict', body);
	const images = imagesOfPrediction(response);
	if (images.length === 0) throw answerLacks(this, i, `${model} returned no image for the prompt`);
	return await imageItems(this, i, images, String(options.binaryPropertyOutput || 'data'), {
		model,
	});
}
