import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { FieldRef } from '../../../shared/execution/inputError';
import { InputError } from '../../../shared/execution/inputError';
import { MESSAGES_FIELD } from '../../helpers/conversation';
import { binaryNamesOf, inlineDataParts } from '../../helpers/binaryInput';
import type { NativeContent, NativePart, SafetyThreshold } from '../../helpers/generateContent';
import { checkContents, generateContentBody } from '../../helpers/generateContent';
import { modelOf } from '../../helpers/parameters';
import {
	inputBinariesOption,
	keepRawChunksOption,
	messagesProperty,
	modelOptions,
	outputProperty,
	parseJsonOption,
	safetyThresholdOption,
	systemInstructionOption,
	temperatureOption,
} from '../descriptions';
import { DEFAULT_TEXT_MODEL, modelLocator } from '../../../shared/models/modelLocator';

/** Parameters and request body shared by text › generate and text › stream. */

const FILES: FieldRef = { name: 'files', displayName: 'File URIs' };

export function textProperties(streaming: boolean): INodeProperties[] {
	return [
		modelLocator('searchTextModels', DEFAULT_TEXT_MODEL),
		messagesProperty({
			description: 'The conversation in time order; the last user message is the prompt',
			roles: ['user', 'model'],
			textField: {
				displayName: 'Text',
				name: 'text',
				placeholder: 'e.g. Summarise these comments in three sentences',
			},
		}),
		...(streaming ? [] : [outputProperty]),
		modelOptions([
			{
				displayName: 'Contents (JSON)',
				name: 'contentsJson',
				type: 'json',
				default: '[]',
				description:
					'A complete native "contents" array ({role, parts}); when set it replaces the messages above',
			},
			{
				displayName: 'File URIs',
				name: 'files',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'Files sent by address as file_data parts with the prompt',
				options: [
					{
						displayName: 'File',
						name: 'file',
						values: [
							{ displayName: 'File URI', name: 'fileUri', type: 'string', default: '' },
							{
								displayName: 'Mime Type',
								name: 'mimeType',
								type: 'string',
								default: '',
								placeholder: 'e.g. video/mp4',
							},
						],
					},
				],
			},
			{
				displayName: 'Google Search Grounding',
				name: 'googleSearch',
				type: 'boolean',
				default: false,
				description:
					'Whether to let the model ground its answer with web search (tools: googleSearch)',
			},
			{
				displayName: 'Include Thoughts',
				name: 'includeThoughts',
				type: 'boolean',
				default: false,
				description:
					'Whether to return thought summaries (thinkingConfig.includeThoughts); they come out under "thoughts"',
			},
			inputBinariesOption,
			...(streaming ? [keepRawChunksOption] : []),
			{
				displayName: 'Maximum Output Tokens',
				name: 'maxOutputTokens',
				type: 'number',
				default: 1024,
				typeOptions: { minValue: 1, numberPrecision: 0 },
				description: 'Upper bound of generated tokens',
			},
			parseJsonOption,
			safetyThresholdOption,
			systemInstructionOption,
			temperatureOption(1, 'Randomness of the output, 0 to 2'),
			{
				displayName: 'Thinking Budget',
				name: 'thinkingBudget',
				type: 'number',
				default: -1,
				typeOptions: { minValue: -1, numberPrecision: 0 },
				description:
					'Tokens the model may spend thinking (thinkingConfig.thinkingBudget); 0 turns thinking off, -1 lets the model decide',
			},
			{
				displayName: 'Top P',
				name: 'topP',
				type: 'number',
				default: 0.95,
				typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
				description: 'Cumulative probability of the tokens sampled from, 0 to 1',
			},
		]),
	];
}

interface MessageValue {
	role?: string;
	text?: string;
}

function contentsFromMessages(messages: MessageValue[]): NativeContent[] {
	const contents: NativeContent[] = [];
	messages.forEach((message, index) => {
		const role = message.role ?? 'user';
		if (role !== 'user' && role !== 'model') {
			throw InputError.about(
				MESSAGES_FIELD,
				`holds message ${index + 1} with the role ${JSON.stringify(role)}; use "user" or "model"`,
			);
		}
		if (typeof message.text !== 'string' || message.text.trim() === '') return;
		contents.push({ role, parts: [{ text: message.text }] });
	});
	return contents;
}

/** Attachments go with the last user turn (a new user turn when the conversation ends with the model). */
function attach(contents: NativeContent[], parts: NativePart[]) {
	if (parts.length === 0) return;
	const last = contents[contents.length - 1];
	if (last && last.role !== 'model') last.parts = [...parts, ...last.parts];
	else contents.push({ role: 'user', parts });
}

async function textRequestBody(
	context: IExecuteFunctions,
	i: number,
	model: string,
): Promise<Record<string, unknown>> {
	const options = context.getNodeParameter('options', i, {}) as IDataObject;
	const contentsJson = options.contentsJson;
	const givenContents = typeof contentsJson === 'string' ? contentsJson.trim() : contentsJson;
	let contents: NativeContent[];
	if (
		givenContents &&
		givenContents !== '[]' &&
		!(Array.isArray(givenContents) && givenContents.length === 0)
	) {
		contents = checkContents(givenContents, {
			name: 'contentsJson',
			displayName: 'Contents (JSON)',
		});
	} else {
		const messages = context.getNodeParameter('messages.values', i, []) as MessageValue[];
		contents = contentsFromMessages(messages);
	}

	const attachments: NativePart[] = [];
	const files = ((options.files as IDataObject | undefined)?.file ?? []) as Array<{
		fileUri?: string;
		mimeType?: string;
	}>;
	for (const [index, file] of files.entries()) {
		if (!file.fileUri?.trim()) throw InputError.about(FILES, `entry ${index + 1} has no File URI`);
		if (!file.mimeType?.trim())
			throw InputError.about(FILES, `entry ${index + 1} (${file.fileUri}) needs a Mime Type`);
		attachments.push({
			file_data: { file_uri: file.fileUri.trim(), mime_type: file.mimeType.trim() },
		});
	}
	attachments.unshift(
		...(await inlineDataParts(
			context,
			i,
			binaryNamesOf(String(options.inputBinaries ?? '')),
			model,
		)),
	);
	attach(contents, attachments);
	if (contents.length === 0)
		throw InputError.about(
			MESSAGES_FIELD,
			'needs at least one message with text (or set Contents (JSON))',
		);

	return generateContentBody({
		contents,
		systemInstruction: options.systemInstruction as string | undefined,
		generation: {
			temperature: options.temperature as number | undefined,
			topP: options.topP as number | undefined,
			maxOutputTokens: options.maxOutputTokens as number | undefined,
			includeThoughts: options.includeThoughts as boolean | undefined,
			thinkingBudget: options.thinkingBudget as number | undefined,
		},
		safetyThreshold: options.safetyThreshold as SafetyThreshold | undefined,
		googleSearch: options.googleSearch === true,
	});
}

/** What text › generate and text › stream send for one item. */
export interface TextPlan {
	model: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

/** The plan of both text operations: the model and the request body, input binaries read in. */
export async function planTextRequest(this: IExecuteFunctions, i: number): Promise<TextPlan> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { model, body, options };
}
