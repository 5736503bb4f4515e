import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import { binaryNamesOf, inlineDataParts } from '../../helpers/binaryInput';
import type { NativeContent, NativePart } from '../../helpers/generateContent';
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { modelLocator } from '../../../shared/models/modelLocator';
import { imageOptions, promptProperty } from './imageProperties';
import type { ImagePlan } from './imageRequest';
import { DEFAULT_IMAGE_MODEL, imagePlan, runImageRequest } from './imageRequest';

export const endpoint = 'v1beta/models/{model}:generateContent';

const earlierTurnsOption: INodeProperties = {
	displayName: 'Earlier Turns',
	name: 'previousTurns',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	default: {},
	description:
		'For multi-turn editing: the earlier messages, oldest first; they are sent before this turn in that order',
	options: [
		{
			displayName: 'Turn',
			name: 'turn',
			values: [
				{
					displayName: 'Role',
					name: 'role',
					type: 'options',
					options: [
						{ name: 'User', value: 'user' },
						{ name: 'Model', value: 'model' },
					],
					default: 'user',
				},
				{ displayName: 'Text', name: 'text', type: 'string', default: '' },
				{
					displayName: 'Binary Fields',
					name: 'binaryPropertyNames',
					type: 'string',
					default: '',
					description:
						'Comma-separated binary fields of the input item with the images of that turn',
				},
			],
		},
	],
};

const properties: INodeProperties[] = [
	modelLocator('searchImageModels', DEFAULT_IMAGE_MODEL),
	promptProperty(
		'What to change in the input images',
		'e.g. Make the sky stormy and add a lighthouse',
	),
	{
		displayName: 'Input Binary Fields',
		name: 'binaryPropertyNames',
		builderHint: {
			propertyHint:
				'Names of the binary fields holding the images, comma-separated; `data` is where an earlier node usually puts a file.',
		},
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data, logo',
		description:
			'Comma-separated names of the binary fields holding the images to edit (one or more)',
	},
	imageOptions(earlierTurnsOption),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['image'], operation: ['edit'] } },
	properties,
);

interface TurnValue {
	role?: string;
	text?: string;
	binaryPropertyNames?: string;
}

/** Reads the input images too: binaries come from the engine, not the network. */
export async function plan(this: IExecuteFunctions, i: number): Promise<ImagePlan> {
	const model = modelOf(this, i);
	const prompt = requiredTextParameter(this, { name: 'prompt', displayName: 'Prompt' }, i);
	const names = binaryNamesOf(String(this.getNodeParameter('binaryPropertyNames', i, '')));
	if (names.length === 0)
		throw InputError.about(
			{ name: 'binaryPropertyNames', displayName: 'Input Binary Fields' },
			'needs at least one binary field name',
		);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;

	const contents: NativeContent[] = [];
	const turns = ((options.previousTurns as IDataObject | undefined)?.turn ?? []) as TurnValue[];
	for (const [index, turn] of turns.entries()) {
		const parts: NativePart[] = await inlineDataParts(
			this,
			i,
			binaryNamesOf(turn.binaryPropertyNames ?? ''),
			model,
		);
		if (turn.text?.trim()) parts.push({ text: turn.text });
		if (parts.length === 0)
			throw InputError.about(
				{ name: 'previousTurns', displayName: 'Earlier Turns' },
				`holds turn ${index + 1} with neither text nor images`,
			);
		contents.push({ role: turn.role === 'model' ? 'model' : 'user', parts });
	}
	const images = await inlineDataParts(this, i, names, model);
	contents.push({ role: 'user', parts: [...images, { text: prompt }] });
	return imagePlan(model, contents, options);
}

export const run = runImageRequest;
