import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { optionsCollection } from '../../shared/optionsCollection';

/** Properties several operations share. */

export type MessageRole = 'assistant' | 'model' | 'system' | 'user';

const ROLE_OPTIONS: Record<MessageRole, INodePropertyOptions> = {
	assistant: {
		name: 'Assistant',
		value: 'assistant',
		description: 'An earlier answer of the model',
	},
	model: { name: 'Model', value: 'model', description: 'An earlier answer of the model' },
	system: { name: 'System', value: 'system', description: 'Instructions for the model' },
	user: { name: 'User', value: 'user' },
};

export interface MessagesPropertySpec {
	description: string;
	/** The roles offered, in the order shown. */
	roles: MessageRole[];
	/** The field holding a message's text, named as the interface names it (`content` or `text`). */
	textField: { displayName: string; name: string; placeholder?: string };
}

/** The conversation as a sortable list of role and text (parameter `messages.values`). */
export function messagesProperty({
	description,
	roles,
	textField,
}: MessagesPropertySpec): INodeProperties {
	return {
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { sortable: true, multipleValues: true },
		placeholder: 'Add Message',
		default: { values: [{ role: 'user', [textField.name]: '' }] },
		description,
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: roles.map((role) => ROLE_OPTIONS[role]),
						default: 'user',
					},
					{
						displayName: textField.displayName,
						name: textField.name,
						type: 'string',
						default: '',
						typeOptions: { rows: 2 },
						...(textField.placeholder === undefined ? {} : { placeholder: textField.placeholder }),
					},
				],
			},
		],
	};
}

export function temperatureOption(defaultValue: number, description: string): INodeProperties {
	return {
		displayName: 'Temperature',
		name: 'temperature',
		type: 'number',
		default: defaultValue,
		typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
		description,
	};
}

/** Answers beyond this size are not read (a limit on memory); images and long answers may need more. */
export const DEFAULT_MAX_ANSWER_SIZE_MB = 64;

export const maxAnswerSizeOption: INodeProperties = {
	displayName: 'Max Answer Size (MB)',
	name: 'maxAnswerSizeMb',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 2048 },
	default: DEFAULT_MAX_ANSWER_SIZE_MB,
	description:
		'The largest answer the node reads. A larger one fails the item without filling memory; the service may still bill it. Raise it for large images or very long answers.',
};

/** An operation's Options collection, with the answer size limit every model call has. */
export function modelOptions(options: INodeProperties[]): INodeProperties {
	return optionsCollection([...options, maxAnswerSizeOption]);
}

export const streamOption: INodeProperties = {
	displayName: 'Stream',
	name: 'stream',
	type: 'boolean',
	default: false,
	description:
		'Whether to receive the answer as Server-Sent Events; it is assembled into one answer with time to first token',
};

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
	description:
		'Instruction that steers the model for the whole conversation (sent as systemInstruction)',
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
	description:
		'Threshold sent for all five harm categories (hate speech, sexually explicit, harassment, dangerous content, civic integrity)',
};

export const aspectRatioOption: INodeProperties = {
	displayName: 'Aspect Ratio',
	name: 'aspectRatio',
	type: 'options',
	options: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'].map(
		(ratio) => ({ name: ratio, value: ratio }),
	),
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
	description:
		'Comma-separated names of binary fields of the input item to send with the prompt (as inline_data with their mime type)',
};
