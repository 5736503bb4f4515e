import type { FieldRef } from '../../shared/execution/inputError';
import { InputError } from '../../shared/execution/inputError';
import { parseJsonInput } from '../../shared/execution/jsonInput';

/** Builds the native generate-content request (`contents`, `systemInstruction`, `generationConfig`, …). */

export type NativeRole = 'user' | 'model';

export type NativePart =
	| { text: string }
	| { inline_data: { data: string; mime_type: string } }
	| { file_data: { file_uri: string; mime_type: string } };

export interface NativeContent {
	role?: NativeRole;
	parts: NativePart[];
}

export const HARM_CATEGORIES = [
	'HARM_CATEGORY_HATE_SPEECH',
	'HARM_CATEGORY_SEXUALLY_EXPLICIT',
	'HARM_CATEGORY_HARASSMENT',
	'HARM_CATEGORY_DANGEROUS_CONTENT',
	'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

export type SafetyThreshold = 'OFF' | 'BLOCK_NONE';

export interface GenerationOptions {
	temperature?: number;
	topP?: number;
	maxOutputTokens?: number;
	includeThoughts?: boolean;
	thinkingBudget?: number;
	responseModalities?: string[];
	aspectRatio?: string;
	imageMimeType?: string;
	imageSize?: string;
	voiceName?: string;
}

export interface GenerateContentInput {
	contents: NativeContent[];
	systemInstruction?: string;
	generation?: GenerationOptions;
	safetyThreshold?: SafetyThreshold;
	googleSearch?: boolean;
	responseFormat?: 'url';
	/** Sent in the body as well as in the path (the speech example does so). */
	model?: string;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The generation options as the node's Options show them. */
const OPTION: Record<string, FieldRef> = {
	temperature: { name: 'temperature', displayName: 'Temperature' },
	topP: { name: 'topP', displayName: 'Top P' },
	maxOutputTokens: { name: 'maxOutputTokens', displayName: 'Maximum Output Tokens' },
	thinkingBudget: { name: 'thinkingBudget', displayName: 'Thinking Budget' },
	aspectRatio: { name: 'aspectRatio', displayName: 'Aspect Ratio' },
};

function numberIn(field: FieldRef, value: unknown, min: number, max: number): number | undefined {
	if (!isSet(value)) return undefined;
	const number = Number(value);
	if (!Number.isFinite(number) || number < min || number > max) {
		throw InputError.about(
			field,
			`must be a number from ${min} to ${max}; got ${JSON.stringify(value)}`,
		);
	}
	return number;
}

function integerFrom(field: FieldRef, value: unknown, min: number): number | undefined {
	if (!isSet(value)) return undefined;
	const number = Number(value);
	if (!Number.isInteger(number) || number < min) {
		throw InputError.about(
			field,
			`must be a whole number of at least ${min}; got ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/** `<w>:<h>` with positive integers, e.g. `16:9`. */
export function checkAspectRatio(value: string): string {
	const ratio = value.trim();
	const match = /^(\d+):(\d+)$/.exec(ratio);
	if (!match || Number(match[1]) === 0 || Number(match[2]) === 0) {
		throw InputError.about(
			OPTION.aspectRatio,
			`must have the form <w>:<h> (e.g. 16:9); got ${JSON.stringify(value)}`,
		);
	}
	return ratio;
}

export function generationConfigOf(
	options: GenerationOptions,
): Record<string, unknown> | undefined {
	const config: Record<string, unknown> = {};
	const temperature = numberIn(OPTION.temperature, options.temperature, 0, 2);
	if (temperature !== undefined) config.temperature = temperature;
	const topP = numberIn(OPTION.topP, options.topP, 0, 1);
	if (topP !== undefined) config.topP = topP;
	const maxOutputTokens = integerFrom(OPTION.maxOutputTokens, options.maxOutputTokens, 1);
	if (maxOutputTokens !== undefined) config.maxOutputTokens = maxOutputTokens;
	if (options.includeThoughts !== undefined || isSet(options.thinkingBudget)) {
		const thinking: Record<string, unknown> = {};
		if (options.includeThoughts !== undefined) thinking.includeThoughts = options.includeThoughts;
		// -1 asks for a dynamic budget, 0 turns thinking off.
		const budget = integerFrom(OPTION.thinkingBudget, options.thinkingBudget, -1);
		if (budget !== undefined) thinking.thinkingBudget = budget;
		config.thinkingConfig = thinking;
	}
	if (options.responseModalities?.length) config.responseModalities = options.responseModalities;
	const imageConfig: Record<string, unknown> = {};
	if (isSet(options.aspectRatio)) imageConfig.aspectRatio = checkAspectRatio(options.aspectRatio!);
	if (isSet(options.imageSize)) imageConfig.imageSize = options.imageSize;
	if (isSet(options.imageMimeType))
		imageConfig.imageOutputOptions = { mimeType: options.imageMimeType };
	if (Object.keys(imageConfig).length) config.imageConfig = imageConfig;
	if (isSet(options.voiceName)) {
		config.speechConfig = {
			voiceConfig: { prebuiltVoiceConfig: { voiceName: options.voiceName } },
		};
	}
	return Object.keys(config).length ? config : undefined;
}

export function safetySettingsOf(threshold: SafetyThreshold) {
	return HARM_CATEGORIES.map((category) => ({ category, threshold }));
}

const CONTENTS: FieldRef = { name: 'contents', displayName: 'Contents' };

/** Checks a user-given `contents` array (JSON option) for the shape the spec requires. */
export function checkContents(value: unknown, field: FieldRef = CONTENTS): NativeContent[] {
	const contents = typeof value === 'string' ? parseJsonInput(field, value) : value;
	if (!Array.isArray(contents) || contents.length === 0)
		throw InputError.about(field, 'must be a non-empty array of {role, parts}');
	contents.forEach((content, index) => {
		if (
			!content ||
			typeof content !== 'object' ||
			!Array.isArray(content.parts) ||
			content.parts.length === 0
		) {
			throw InputError.about(
				field,
				`must hold objects with a non-empty "parts" array; entry ${index} has none`,
			);
		}
		if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
			throw InputError.about(
				field,
				`entry ${index}: "role" must be "user" or "model"; got ${JSON.stringify(content.role)}`,
			);
		}
	});
	return contents as NativeContent[];
}

export function generateContentBody(input: GenerateContentInput): Record<string, unknown> {
	const body: Record<string, unknown> = {};
	if (input.model) body.model = input.model;
	body.contents = input.contents;
	if (input.systemInstruction?.trim())
		body.systemInstruction = { parts: [{ text: input.systemInstruction }] };
	const generationConfig = generationConfigOf(input.generation ?? {});
	if (generationConfig) body.generationConfig = generationConfig;
	if (input.safetyThreshold) body.safetySettings = safetySettingsOf(input.safetyThreshold);
	if (input.googleSearch) body.tools = [{ googleSearch: {} }];
	if (input.responseFormat) body.response_format = input.responseFormat;
	return body;
}
