import type { INodeProperties } from 'n8n-workflow';

/** Properties several operations share. */

export type ModelSearchMethod =
	| 'searchModels'
	| 'searchTextModels'
	| 'searchImageModels'
	| 'searchPredictionModels'
	| 'searchSpeechModels'
	| 'searchEmbeddingModels';

/** The model field: a searchable list from `GET /v1/models`, or any id typed in. */
export function modelLocator(searchListMethod: ModelSearchMethod, defaultModel: string): INodeProperties {
	return {
		displayName: 'Model',
		name: 'modelId',
		type: 'resourceLocator',
		default: { mode: 'list', value: defaultModel },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${defaultModel}`,
			},
		],
	};
}

export const outputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'Text Only',
			value: 'text',
			description: 'The generated text with finish reason and token usage',
		},
		{
			name: 'Full Response',
			value: 'full',
			description: "The service's whole answer",
		},
	],
	default: 'text',
};

export const parseJsonOption: INodeProperties = {
	displayName: 'Parse JSON From Text',
	name: 'parseJson',
	type: 'boolean',
	default: false,
	description:
		'Whether to read the JSON value in the generated text (also inside a code fence or amid prose) into the field "parsed"; when there is none, "parsed" is null and "parseError" says why',
};

export const keepRawChunksOption: INodeProperties = {
	displayName: 'Keep Raw Chunks',
	name: 'keepRawChunks',
	type: 'boolean',
	default: false,
	description: 'Whether to add every streamed event (parsed) to the output under "chunks"',
};

export const binaryOutputOption: INodeProperties = {
	displayName: 'Put Output in Field',
	name: 'binaryPropertyOutput',
	type: 'string',
	default: 'data',
	description: 'Name of the binary field the generated file is written to',
};

export const systemInstructionOption: INodeProperties = {
	displayName: 'System Instruction',
	name: 'systemInstruction',
	type: 'string',
	default: '',
	typeOptions: { rows: 2 },
	description: 'Instruction that steers the model for the whole conversation (sent as systemInstruction)',
};

export const safetyThresholdOption: INodeProperties = {
	displayName: 'Safety Threshold',
	name: 'safetyThreshold',
	type: 'options',
	options: [
		{ name: 'Block None', value: 'BLOCK_NONE', description: 'Evaluate but never block' },
		{ name: 'Off', value: 'OFF', description: 'Turn the safety filter off' },
	],
	default: 'BLOCK_NONE',
	description: 'Threshold sent for all five harm categories (hate speech, sexually explicit, harassment, dangerous content, civic integrity)',
};

export const aspectRatioOption: INodeProperties = {
	displayName: 'Aspect Ratio',
	name: 'aspectRatio',
	type: 'options',
	options: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'].map((ratio) => ({ name: ratio, value: ratio })),
	default: '1:1',
	description: 'Width to height of the image (imageConfig.aspectRatio)',
};

export const imageFormatOptions: INodeProperties[] = [
	{
		displayName: 'Output Format',
		name: 'outputMimeType',
		type: 'options',
		options: [
			{ name: 'JPEG', value: 'image/jpeg' },
			{ name: 'PNG', value: 'image/png' },
		],
		default: 'image/png',
		description: 'File format of the image (imageConfig.imageOutputOptions.mimeType)',
	},
	{
		displayName: 'Response Format',
		name: 'responseFormat',
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'base64', description: 'The image as n8n binary data' },
			{ name: 'URL', value: 'url', description: 'Only the address of the image, not the file' },
		],
		default: 'base64',
	},
];

/** A comma-separated list of binary field names. */
export const inputBinariesOption: INodeProperties = {
	displayName: 'Input Binary Fields',
	name: 'inputBinaries',
	type: 'string',
	default: '',
	placeholder: 'e.g. data, image2',
	description: 'Comma-separated names of binary fields of the input item to send with the prompt (as inline_data with their mime type)',
};
