import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { answerLacks, askModel } from '../../helpers/askModel';
import {
	pcmDurationSeconds,
	pcmFormatOf,
	WAV_HEADER_BYTES,
	wavFromBase64Pcm,
} from '../../../shared/wav';
import { generateContentBody } from '../../helpers/generateContent';
import { modelOf, requiredTextParameter } from '../../helpers/parameters';
import { binaryOutputOption, modelOptions } from '../descriptions';
import { modelLocator } from '../../../shared/models/modelLocator';
import type { NativeAnswer } from '../../helpers/answerShapes';
import { voiceOptions } from './voices';

export const endpoint = 'v1beta/models/{model}:generateContent';

const properties: INodeProperties[] = [
	modelLocator('searchSpeechModels', 'gemini-2.5-flash-preview-tts'),
	{
		displayName: 'Text',
		name: 'text',
		builderHint: {
			propertyHint: 'The text to read aloud, or an expression reading it from the item.',
		},
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 3 },
		description: 'The text to read aloud',
	},
	{
		displayName: 'Voice Name or ID',
		name: 'voiceName',
		builderHint: {
			propertyHint: 'One of the listed voices; keep the default unless the user asks for another.',
		},
		type: 'options',
		options: voiceOptions,
		default: 'Kore',
		required: true,
		description:
			'A prebuilt voice of the model, with the character it is known for. Choose from the list, or specify a voice name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	modelOptions([
		binaryOutputOption,
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: 'speech.wav',
			description: 'Name of the audio file',
		},
	]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['speech'], operation: ['generate'] } },
	properties,
);

type AudioPart = { data: string; mimeType: string };

function audioPartOf(response: NativeAnswer | undefined): AudioPart | undefined {
	for (const part of response?.candidates?.[0]?.content?.parts ?? []) {
		const inline = part?.inlineData ?? part?.inline_data;
		const mimeType = inline?.mimeType ?? inline?.mime_type;
		if (
			typeof inline?.data === 'string' &&
			typeof mimeType === 'string' &&
			mimeType.startsWith('audio/')
		)
			return { data: inline.data, mimeType };
	}
	return undefined;
}

interface Plan {
	model: string;
	voiceName: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const text = requiredTextParameter(this, { name: 'text', displayName: 'Text' }, i);
	const voiceName = requiredTextParameter(
		this,
		{ name: 'voiceName', displayName: 'Voice Name' },
		i,
	).trim();
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const body = generateContentBody({
		model,
		contents: [{ role: 'user', parts: [{ text }] }],
		generation: { responseModalities: ['AUDIO'], voiceName },
	});
	return { model, voiceName, body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ model, voiceName, body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const response = await askModel<NativeAnswer>(this, credentials, model, 'generateContent', body);
	const audio = audioPartOf(response);
	if (!audio) {
		const reason =
			response?.candidates?.[0]?.finishReason ?? response?.promptFeedback?.blockReason ?? 'none';
		throw answerLacks(this, i, `${model} returned no audio (finish reason: ${reason})`);
	}
	const json: IDataObject = {
		model,
		voiceName,
		sourceMimeType: audio.mimeType,
		usage: response?.usageMetadata ?? null,
	};
	if (response?.responseId) json.responseId = response.responseId;
	const format = pcmFormatOf(audio.mimeType);
	const fileName = String(options.fileName || 'speech.wav');
	let file: Buffer;
	let mimeType: string;
	if (format) {
		file = wavFromBase64Pcm(audio.data, format);
		audio.data = ''; // lets the base64 text go before n8n stores the file
		mimeType = 'audio/wav';
		Object.assign(json, {
			mimeType,
			sampleRate: format.sampleRate,
			channels: format.channels,
			bitsPerSample: format.bitsPerSample,
			durationSeconds:
				Math.round(pcmDurationSeconds(file.length - WAV_HEADER_BYTES, format) * 1000) / 1000,
		});
	} else {
		// Already a container format (e.g. audio/mpeg): passed on unchanged.
		file = Buffer.from(audio.data, 'base64');
		mimeType = audio.mimeType;
		json.mimeType = mimeType;
	}
	const binary = await this.helpers.prepareBinaryData(file, fileName, mimeType);
	return [
		{
			json,
			binary: { [String(options.binaryPropertyOutput || 'data')]: binary },
			pairedItem: { item: i },
		},
	];
}
