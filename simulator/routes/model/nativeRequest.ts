import type { CatalogModel } from './catalog';
import { badRequest } from './problems';
import { modelStem } from '../../../nodes/shared/transport/wireNames';

/** Checks a generate-content request the way the service does and reads what the answer depends on. */

export const HARM_CATEGORIES = [
	'HARM_CATEGORY_HATE_SPEECH',
	'HARM_CATEGORY_SEXUALLY_EXPLICIT',
	'HARM_CATEGORY_HARASSMENT',
	'HARM_CATEGORY_DANGEROUS_CONTENT',
	'HARM_CATEGORY_CIVIC_INTEGRITY',
];
const THRESHOLDS = [
	'OFF',
	'BLOCK_NONE',
	'BLOCK_ONLY_HIGH',
	'BLOCK_MEDIUM_AND_ABOVE',
	'BLOCK_LOW_AND_ABOVE',
	'HARM_BLOCK_THRESHOLD_UNSPECIFIED',
];
const MODALITIES = ['TEXT', 'IMAGE', 'AUDIO'];
/** Spec, Limits: a single input file of gemini-3.1-flash-lite-image (gm-… in neutral names) is at most 500 MB. */
const INPUT_FILE_LIMITS: Record<string, number> = { '3.1-flash-lite-image': 500 * 1024 * 1024 };

export interface InlineFile {
	mimeType: string;
	data: string;
}

export interface GenerateRequest {
	system: string;
	lastUser: string;
	inlineFiles: InlineFile[];
	fileUris: Array<{ uri: string; mimeType: string }>;
	turns: number;
	config: Record<string, any>;
	modalities: string[];
	includeThoughts: boolean;
	googleSearch: boolean;
	responseFormat?: 'url';
}

const isObject = (value: unknown): value is Record<string, any> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

function checkParts(
	parts: unknown,
	where: string,
	files: { inline: InlineFile[]; uris: GenerateRequest['fileUris'] },
	model: CatalogModel,
): string {
	if (!Array.isArray(parts) || parts.length === 0)
		throw badRequest(`${where}.parts must be a non-empty array`);
	let text = '';
	parts.forEach((part, index) => {
		const at = `${where}.parts[${index}]`;
		if (!isObject(part)) throw badRequest(`${at} must be an object`);
		const inline = part.inline_data ?? part.inlineData;
		const file = part.file_data ?? part.fileData;
		const kinds = [typeof part.text === 'string', inline !== undefined, file !== undefined].filter(
			Boolean,
		).length;
		if (kinds !== 1)
			throw badRequest(`${at} must have exactly one of text, inline_data, file_data`);
		if (typeof part.text === 'string') text += (text ? '\n' : '') + part.text;
		if (inline !== undefined) {
			const mimeType = inline?.mime_type ?? inline?.mimeType;
			if (
				!isObject(inline) ||
				typeof inline.data !== 'string' ||
				typeof mimeType !== 'string' ||
				!mimeType
			) {
				throw badRequest(`${at}.inline_data needs data (base64) and mime_type`);
			}
			if (!/^[A-Za-z0-9+/]*={0,2}$/.test(inline.data))
				throw badRequest(`${at}.inline_data.data is not base64`);
			const limit = INPUT_FILE_LIMITS[modelStem(model.id)];
			if (limit !== undefined && (inline.data.length * 3) / 4 > limit) {
				throw badRequest(
					`${at}: a single input file of ${model.id} must not exceed ${limit / 1024 / 1024} MB`,
				);
			}
			files.inline.push({ mimeType, data: inline.data });
		}
		if (file !== undefined) {
			const uri = file?.file_uri ?? file?.fileUri;
			const mimeType = file?.mime_type ?? file?.mimeType;
			if (typeof uri !== 'string' || !uri || typeof mimeType !== 'string' || !mimeType)
				throw badRequest(`${at}.file_data needs file_uri and mime_type`);
			files.uris.push({ uri, mimeType });
		}
	});
	return text;
}

function checkRange(config: Record<string, any>, field: string, min: number, max: number) {
	const value = config[field];
	if (value === undefined) return;
	if (typeof value !== 'number' || value < min || value > max)
		throw badRequest(`generationConfig.${field} must be a number from ${min} to ${max}`);
}

export function readGenerateRequest(body: unknown, model: CatalogModel): GenerateRequest {
	if (!isObject(body)) throw badRequest('The request body must be a JSON object');
	const { contents } = body;
	if (!Array.isArray(contents) || contents.length === 0)
		throw badRequest('contents is required and must be a non-empty array');
	const files = { inline: [] as InlineFile[], uris: [] as GenerateRequest['fileUris'] };
	let lastUser = '';
	contents.forEach((content, index) => {
		if (!isObject(content)) throw badRequest(`contents[${index}] must be an object`);
		if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
			throw badRequest(`contents[${index}].role must be "user" or "model"`);
		}
		const text = checkParts(content.parts, `contents[${index}]`, files, model);
		if (content.role !== 'model') lastUser = text;
	});

	let system = '';
	if (body.systemInstruction !== undefined) {
		if (!isObject(body.systemInstruction))
			throw badRequest('systemInstruction must be an object {parts}');
		system = checkParts(
			body.systemInstruction.parts,
			'systemInstruction',
			{ inline: [], uris: [] },
			model,
		);
	}

	const config = body.generationConfig;
	if (config !== undefined && !isObject(config))
		throw badRequest('generationConfig must be an object');
	const generation: Record<string, any> = config ?? {};
	checkRange(generation, 'temperature', 0, 2);
	checkRange(generation, 'topP', 0, 1);
	if (
		generation.maxOutputTokens !== undefined &&
		!(Number.isInteger(generation.maxOutputTokens) && generation.maxOutputTokens > 0)
	) {
		throw badRequest('generationConfig.maxOutputTokens must be a positive integer');
	}
	const modalities: unknown = generation.responseModalities ?? [];
	if (!Array.isArray(modalities) || modalities.some((modality) => !MODALITIES.includes(modality))) {
		throw badRequest(
			`generationConfig.responseModalities must be a list of ${MODALITIES.join(', ')}`,
		);
	}
	const thinking = generation.thinkingConfig;
	if (thinking !== undefined) {
		if (!isObject(thinking)) throw badRequest('generationConfig.thinkingConfig must be an object');
		if (thinking.includeThoughts !== undefined && typeof thinking.includeThoughts !== 'boolean')
			throw badRequest('thinkingConfig.includeThoughts must be a boolean');
		if (thinking.thinkingBudget !== undefined && !Number.isInteger(thinking.thinkingBudget))
			throw badRequest('thinkingConfig.thinkingBudget must be an integer');
	}
	const ratio = generation.imageConfig?.aspectRatio;
	if (ratio !== undefined && !(typeof ratio === 'string' && /^\d+:\d+$/.test(ratio)))
		throw badRequest('imageConfig.aspectRatio must have the form <w>:<h>');

	if (body.safetySettings !== undefined) {
		if (!Array.isArray(body.safetySettings)) throw badRequest('safetySettings must be an array');
		body.safetySettings.forEach((setting: unknown, index: number) => {
			if (!isObject(setting) || !HARM_CATEGORIES.includes(setting.category))
				throw badRequest(`safetySettings[${index}].category is not a known harm category`);
			if (!THRESHOLDS.includes(setting.threshold))
				throw badRequest(`safetySettings[${index}].threshold is not a known threshold`);
		});
	}
	if (body.tools !== undefined && !Array.isArray(body.tools))
		throw badRequest('tools must be an array');
	const googleSearch = (body.tools ?? []).some(
		(tool: unknown) => isObject(tool) && isObject(tool.googleSearch),
	);
	if (body.response_format !== undefined && body.response_format !== 'url')
		throw badRequest('response_format must be "url" (omit it for base64)');

	return {
		system,
		lastUser,
		inlineFiles: files.inline,
		fileUris: files.uris,
		turns: contents.length,
		config: generation,
		modalities: modalities as string[],
		includeThoughts: thinking?.includeThoughts === true && thinking?.thinkingBudget !== 0,
		googleSearch,
		responseFormat: body.response_format,
	};
}

/** What each kind of model needs in generationConfig (spec: image needs IMAGE, speech AUDIO and a voice). */
export function checkCapability(request: GenerateRequest, model: CatalogModel, hasConfig: boolean) {
	if (model.capability === 'image') {
		if (!hasConfig) throw badRequest(`generationConfig is required for ${model.id}`);
		if (!request.modalities.includes('IMAGE'))
			throw badRequest(`generationConfig.responseModalities must include IMAGE for ${model.id}`);
	}
	if (model.capability === 'speech') {
		if (!hasConfig) throw badRequest(`generationConfig is required for ${model.id}`);
		if (!request.modalities.includes('AUDIO'))
			throw badRequest(`generationConfig.responseModalities must include AUDIO for ${model.id}`);
		const voice = request.config.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName;
		if (typeof voice !== 'string' || voice.trim() === '')
			throw badRequest(
				'generationConfig.speechConfig.voiceConfig.prebuiltVoiceConfig.voiceName is required',
			);
		if (request.lastUser.trim() === '')
			throw badRequest('The text to read goes in contents[].parts[].text and must not be empty');
	}
	if (model.capability === 'embedding' || model.capability === 'prediction') {
		throw badRequest(`${model.id} does not support generateContent`);
	}
}
