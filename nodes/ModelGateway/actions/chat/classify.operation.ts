import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import type { FieldRef } from '../../../shared/execution/inputError';
import { InputError } from '../../../shared/execution/inputError';
import { optionalText } from '../../../shared/execution/fieldChecks';
import { chatSummary } from '../../helpers/answerText';
import { chatCall } from '../../../shared/models/calls';
import type { BatchEntry } from '../../helpers/classification/batchRequest';
import { batchRequestBody } from '../../helpers/classification/batchRequest';
import { classifyInBatches, isVerdict } from '../../helpers/classification/classifyInBatches';
import { maxTokensOf, temperatureOf } from '../../helpers/conversation';
import { modelOf } from '../../helpers/parameters';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { modelOptions, temperatureOption } from '../descriptions';
import { modelLocator } from '../../../shared/models/modelLocator';
import { DEFAULT_CHAT_MODEL } from './complete.operation';

export const kind = 'allItems';

export const endpoint = 'v1/chat/completions';

const TEXT: FieldRef = { name: 'text', displayName: 'Text to Classify' };

export const DEFAULT_BATCH_SIZE = 25;
export const DEFAULT_LABELS = 'positive, neutral, negative';
export const UNCLASSIFIED = 'unclassified';

const properties: INodeProperties[] = [
	modelLocator('searchModels', DEFAULT_CHAT_MODEL),
	{
		displayName: 'Text to Classify',
		name: 'text',
		builderHint: {
			propertyHint:
				"An expression reading the item's text, e.g. the title and text of a Social Data mention: {{ $json.title }} {{ $json.text }}.",
		},
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. {{ $json.title }} {{ $json.text }}',
		description: 'The text of each input item the model labels, usually an expression',
	},
	{
		displayName: 'Labels',
		name: 'labels',
		builderHint: {
			propertyHint:
				'The labels to choose from, comma-separated, e.g. positive, neutral, negative; the label comes out in the field `classification` (Options > Put Result in Field).',
		},
		type: 'string',
		required: true,
		default: DEFAULT_LABELS,
		description:
			'The labels the model may give, separated by commas; any other answer is not accepted',
	},
	{
		displayName: 'Instructions',
		name: 'instructions',
		type: 'string',
		default: 'Classify the sentiment each social media post expresses about the brand.',
		typeOptions: { rows: 3 },
		description:
			'What the labels mean and how to choose; the node adds the labels and the answer format',
	},
	modelOptions([
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			default: DEFAULT_BATCH_SIZE,
			typeOptions: { minValue: 1, maxValue: 100, numberPrecision: 0 },
			description: 'Most items classified in one model call',
		},
		{
			displayName: 'Batches at Once',
			name: 'concurrency',
			type: 'number',
			default: 3,
			typeOptions: { minValue: 1, maxValue: 10, numberPrecision: 0 },
			description: 'How many model calls may run at the same time',
		},
		{
			displayName: 'Maximum Tokens',
			name: 'max_tokens',
			type: 'number',
			default: 4096,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			description:
				'Upper bound of generated tokens per call (max_tokens); a cut-off answer counts as malformed',
		},
		{
			displayName: 'Put Result in Field',
			name: 'resultField',
			type: 'string',
			default: 'classification',
			description: 'Field of each output item that receives {label, reason}',
		},
		temperatureOption(0, 'Randomness of the answer, 0 to 2; 0 gives the steadiest labels'),
		{
			displayName: 'Unclassified Label',
			name: 'unclassifiedLabel',
			type: 'string',
			default: UNCLASSIFIED,
			description:
				'Label of an item the model could not classify (the reason says why); the item is never dropped',
		},
	]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['classify'] } },
	properties,
);

function labelsOf(value: unknown): string[] {
	const labels = [
		...new Set(
			String(value ?? '')
				.split(',')
				.map((label) => label.trim())
				.filter(Boolean),
		),
	];
	if (labels.length < 2)
		throw InputError.about(
			{ name: 'labels', displayName: 'Labels' },
			'needs at least two labels, separated by commas',
		);
	return labels;
}

function wholeNumber(
	value: unknown,
	fallback: number,
	min: number,
	max: number,
	field: FieldRef,
): number {
	const number = value === undefined || value === '' ? fallback : Number(value);
	if (!Number.isInteger(number) || number < min || number > max)
		throw InputError.about(
			field,
			`must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`,
		);
	return number;
}

/** Settings of the model call the node sends with every batch. */
function callSettings(options: IDataObject): IDataObject {
	const settings: IDataObject = {};
	const temperature = temperatureOf(options.temperature ?? 0);
	if (temperature !== undefined) settings.temperature = temperature;
	const maxTokens = maxTokensOf(options.max_tokens ?? 4096, false);
	if (maxTokens !== undefined) settings.max_tokens = maxTokens;
	return settings;
}

/** The text item `i` gives to classify; empty is not refused: that item comes out unclassified. */
export function plan(this: IExecuteFunctions, i: number): string {
	return optionalText(TEXT, this.getNodeParameter(TEXT.name, i, '')) ?? '';
}

/**
 * Classifies the planned items with as few model calls as the batch size allows (see
 * classifyInBatches for the retry and split rules) and outputs each of them, in order, with
 * `{label, reason, modelCalls}` in the result field (`modelCalls`: the calls of the whole run). Settings are read from the first planned item, and checked before
 * the first call; the text comes from each item's plan.
 */
export async function runAll(
	this: IExecuteFunctions,
	planned: Array<{ itemIndex: number; plan: string }>,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const first = planned[0]?.itemIndex ?? 0;
	const model = modelOf(this, first);
	const labels = labelsOf(this.getNodeParameter('labels', first, DEFAULT_LABELS));
	const instructions = String(this.getNodeParameter('instructions', first, ''));
	const options = this.getNodeParameter('options', first, {}) as IDataObject;
	const batchSize = wholeNumber(options.batchSize, DEFAULT_BATCH_SIZE, 1, 100, {
		name: 'batchSize',
		displayName: 'Batch Size',
	});
	const concurrency = wholeNumber(options.concurrency, 3, 1, 10, {
		name: 'concurrency',
		displayName: 'Batches at Once',
	});
	const resultField = String(options.resultField ?? 'classification').trim() || 'classification';
	const unclassifiedLabel =
		String(options.unclassifiedLabel ?? UNCLASSIFIED).trim() || UNCLASSIFIED;
	const settings = callSettings(options);
	const signal = cancelSignalOf(this);
	const continueOnFail = this.continueOnFail();

	const entries: BatchEntry[] = [];
	const reasonsWithoutCall = new Map<string, string>();
	for (const { itemIndex, plan: text } of planned) {
		const id = String(itemIndex + 1);
		if (text === '') reasonsWithoutCall.set(id, 'No text to classify');
		else entries.push({ id, text });
	}

	const ask = async (batch: BatchEntry[]) => {
		const body = batchRequestBody(model, instructions, labels, batch, settings);
		const { body: response } = await callGateway(chatCall(credentials, body, { signal }));
		return chatSummary(response).text;
	};
	const run = await classifyInBatches(entries, labels, {
		batchSize,
		concurrency,
		stopOnFailure: !continueOnFail,
		ask,
	});
	if (run.failure !== undefined && !continueOnFail) throw run.failure;

	return planned.map(({ itemIndex }) => {
		const id = String(itemIndex + 1);
		const verdict = run.verdicts.get(id);
		const result =
			verdict !== undefined && isVerdict(verdict)
				? { label: verdict.label, reason: verdict.reason }
				: {
						label: unclassifiedLabel,
						reason: verdict?.reason ?? reasonsWithoutCall.get(id) ?? 'Not classified',
					};
		// The run's model calls on every item, so a flow can show what the classification cost.
		return [
			{ json: { ...items[itemIndex].json, [resultField]: { ...result, modelCalls: run.calls } } },
		];
	});
}
