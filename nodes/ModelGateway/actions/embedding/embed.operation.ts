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
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { modelOptions } from '../descriptions';
import { modelLocator } from '../../../shared/models/modelLocator';
import type { EmbeddingAnswer } from '../../helpers/answerShapes';

export const endpoint = 'v1beta/models/{model}:embedContent';

/** Items embedded at once; each is its own call. */
export const concurrency = 4;

const TASK_TYPES = [
	'CLASSIFICATION',
	'CLUSTERING',
	'CODE_RETRIEVAL_QUERY',
	'FACT_VERIFICATION',
	'QUESTION_ANSWERING',
	'RETRIEVAL_DOCUMENT',
	'RETRIEVAL_QUERY',
	'SEMANTIC_SIMILARITY',
];

const properties: INodeProperties[] = [
	modelLocator('searchEmbeddingModels', 'gemini-embedding-001'),
	{
		displayName: 'Text',
		name: 'text',
		builderHint: {
			propertyHint:
				"The text to turn into a vector, usually an expression reading the item's text field.",
		},
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 2 },
		description: 'The text to embed; every input item is embedded on its own',
	},
	modelOptions([
		{
			displayName: 'Output Dimensionality',
			name: 'output_dimensionality',
			type: 'number',
			default: 768,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			description: 'Length of the returned vector (output_dimensionality)',
		},
		{
			displayName: 'Task Type',
			name: 'taskType',
			type: 'options',
			options: TASK_TYPES.map((value) => ({
				name: value
					.replace(/_/g, ' ')
					.toLowerCase()
					.replace(/^\w/, (c) => c.toUpperCase()),
				value,
			})),
			default: 'SEMANTIC_SIMILARITY',
			description: 'What the vector will be used for (taskType)',
		},
	]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['embedding'], operation: ['embed'] } },
	properties,
);

interface Plan {
	model: string;
	body: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const text = requiredTextParameter(this, { name: 'text', displayName: 'Text' }, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const body: IDataObject = { content: { parts: [{ text }] } };
	if (options.output_dimensionality !== undefined && options.output_dimensionality !== '') {
		const dimensions = Number(options.output_dimensionality);
		if (!Number.isInteger(dimensions) || dimensions < 1) {
			throw InputError.about(
				{ name: 'output_dimensionality', displayName: 'Output Dimensionality' },
				`must be a whole number of at least 1; got ${options.output_dimensionality}`,
			);
		}
		body.output_dimensionality = dimensions;
	}
	if (options.taskType) body.taskType = options.taskType;
	return { model, body };
}

export async function run(
	this: IExecuteFunctions,
	{ model, body }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const response = await askModel<EmbeddingAnswer>(this, credentials, model, 'embedContent', body, {
		timeoutMs: 60_000,
	});
	const values = response?.embedding?.values;
	if (!Array.isArray(values))
		throw answerLacks(this, i, `${model} answered without embedding values`);
	return [
		{ json: { model, embedding: values, dimensions: values.length }, pairedItem: { item: i } },
	];
}
