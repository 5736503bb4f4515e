import { hash32, hexFor } from '../../dataset/random';
import type { SimContext } from '../types';
import type { CatalogModel } from './catalog';
import { HARM_CATEGORIES, type GenerateRequest } from './nativeRequest';
import { SPEECH_MIME_TYPE, sineTonePcm, speechSeconds } from './pcm';
import { encodeGreyJpeg, jpegSize } from './jpeg';
import { encodePng, pngSize, type Rgb } from './png';
import { limitTokens, replyTo, tokensOf } from './replies';

/** Generate-content answers in the spec's response shape. */

type Part = Record<string, unknown>;

export interface NativeAnswer {
	parts: Part[];
	finishReason: string;
	usageMetadata: Record<string, unknown>;
	groundingMetadata?: Record<string, unknown>;
}

const IMAGE_TOKENS = 1290;

/**
 * In a prompt with `response_format: url`: the service puts the image's address in
 * `inlineData.data`, where the base64 bytes would go, instead of a `fileData` part (some gateways do).
 */
export const URL_IN_INLINE_DATA_MARK = '[sim:url-in-inline-data]';

function colourFor(...parts: Array<string | number>): Rgb {
	const h = hash32(...parts);
	return [h & 0xff, (h >>> 8) & 0xff, (h >>> 16) & 0xff];
}

/** Width and height for an aspect ratio: about 128 px on the long side (more for 2K/4K), exact ratio. */
export function imageDimensions(
	ratio: string | undefined,
	imageSize: string | undefined,
): { width: number; height: number } {
	const [w, h] = (ratio ?? '1:1').split(':').map(Number);
	const longSide = 128 * (imageSize === '4K' ? 4 : imageSize === '2K' ? 2 : 1);
	const scale = Math.floor(longSide / Math.max(w, h));
	if (scale >= 1) return { width: w * scale, height: h * scale };
	return {
		width: Math.max(1, Math.round((longSide * w) / Math.max(w, h))),
		height: Math.max(1, Math.round((longSide * h) / Math.max(w, h))),
	};
}

function usage(
	promptText: string,
	request: GenerateRequest,
	candidates: number,
	candidatesModality: string,
	thoughts = 0,
) {
	const prompt = tokensOf(promptText) + request.inlineFiles.length * 258;
	const metadata: Record<string, unknown> = {
		promptTokenCount: prompt,
		candidatesTokenCount: candidates,
		totalTokenCount: prompt + candidates + thoughts,
		promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
		candidatesTokensDetails: [{ modality: candidatesModality, tokenCount: candidates }],
		trafficType: 'ON_DEMAND',
	};
	if (thoughts) metadata.thoughtsTokenCount = thoughts;
	return metadata;
}

export function textAnswer(request: GenerateRequest, model: CatalogModel): NativeAnswer {
	let reply = replyTo({ system: request.system, lastUser: request.lastUser }, model.id);
	const attachments = [
		...request.inlineFiles.map((file) => file.mimeType),
		...request.fileUris.map((file) => file.mimeType),
	];
	if (attachments.length && reply.startsWith('This is a simulated answer'))
		reply += ` Attachments: ${attachments.join(', ')}.`;
	const limited = limitTokens(reply, request.config.maxOutputTokens);
	const parts: Part[] = [];
	let thoughts = 0;
	if (request.includeThoughts) {
		const thought = `Considering what the user asks (${request.turns} turn${request.turns === 1 ? '' : 's'}) and how to answer briefly.`;
		parts.push({ text: thought, thought: true });
		thoughts = tokensOf(thought);
	}
	parts.push({ text: limited.text });
	const answer: NativeAnswer = {
		parts,
		finishReason: limited.cut ? 'MAX_TOKENS' : 'STOP',
		usageMetadata: usage(
			`${request.system}${request.lastUser}`,
			request,
			tokensOf(limited.text),
			'TEXT',
			thoughts,
		),
	};
	if (request.googleSearch) {
		const query = request.lastUser.trim().slice(0, 60);
		answer.groundingMetadata = {
			webSearchQueries: [query],
			groundingChunks: [
				{
					web: {
						uri: `https://search.example.com/?q=${encodeURIComponent(query)}`,
						title: 'search.example.com',
					},
				},
			],
		};
	}
	return answer;
}

function sizeOfImage(mimeType: string, base64: string) {
	if (mimeType === 'image/png') return pngSize(Buffer.from(base64, 'base64'));
	if (mimeType === 'image/jpeg') return jpegSize(Buffer.from(base64, 'base64'));
	return undefined;
}

/** Image models answer PNG, or a grey JPEG when imageConfig.imageOutputOptions.mimeType asks for one. */
export function imageAnswer(
	request: GenerateRequest,
	model: CatalogModel,
	origin: string,
): NativeAnswer {
	const config = request.config.imageConfig ?? {};
	const inputSize = request.inlineFiles
		.map((file) => sizeOfImage(file.mimeType, file.data))
		.find(Boolean);
	// An edit keeps the size of the image it edits unless a ratio is asked for.
	const { width, height } =
		inputSize && !config.aspectRatio
			? inputSize
			: imageDimensions(config.aspectRatio, config.imageSize);
	const mimeType =
		config.imageOutputOptions?.mimeType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
	const seed = `${model.id}|${request.lastUser}|${request.inlineFiles.length}|${request.turns}`;
	const text = request.inlineFiles.length
		? `Edited ${request.inlineFiles.length} image(s) as asked.`
		: 'Here is the generated image.';
	const parts: Part[] = [{ text }];
	if (request.responseFormat === 'url') {
		const name = `${hexFor(16, seed)}-${width}x${height}.${mimeType === 'image/jpeg' ? 'jpg' : 'png'}`;
		const url = `${origin}/sim-files/images/${name}`;
		parts.push(
			request.lastUser.includes(URL_IN_INLINE_DATA_MARK)
				? { inlineData: { data: url, mimeType } }
				: { fileData: { fileUri: url, mimeType } },
		);
	} else {
		const image =
			mimeType === 'image/jpeg'
				? encodeGreyJpeg(width, height, hash32(seed) & 0xff)
				: encodePng(width, height, colourFor(seed, 'from'), colourFor(seed, 'to'));
		parts.push({
			inlineData: { data: image.toString('base64'), mimeType },
			thoughtSignature: hexFor(24, seed, 'signature'),
		});
	}
	return {
		parts,
		finishReason: 'STOP',
		usageMetadata: usage(request.lastUser, request, IMAGE_TOKENS + tokensOf(text), 'IMAGE'),
	};
}

export function speechAnswer(request: GenerateRequest): NativeAnswer {
	const voice: string = request.config.speechConfig.voiceConfig.prebuiltVoiceConfig.voiceName;
	const seconds = speechSeconds(request.lastUser);
	const pcm = sineTonePcm(seconds, 220 + (hash32(voice) % 440));
	// Audio tokens: 25 per second of audio.
	const audioTokens = Math.round(seconds * 25);
	return {
		parts: [{ inlineData: { data: pcm.toString('base64'), mimeType: SPEECH_MIME_TYPE } }],
		finishReason: 'STOP',
		usageMetadata: usage(request.lastUser, request, audioTokens, 'AUDIO'),
	};
}

/** The whole generate-content response around an answer. */
export function generateContentResponse(
	answer: NativeAnswer,
	model: CatalogModel,
	ctx: SimContext,
) {
	const candidate: Record<string, unknown> = {
		content: { parts: answer.parts, role: 'model' },
		finishReason: answer.finishReason,
		index: 0,
		safetyRatings: HARM_CATEGORIES.map((category) => ({ category, probability: 'NEGLIGIBLE' })),
	};
	if (answer.groundingMetadata) candidate.groundingMetadata = answer.groundingMetadata;
	return {
		candidates: [candidate],
		createTime: new Date(ctx.clock.now()).toISOString(),
		modelVersion: model.id,
		promptFeedback: { safetyRatings: [] },
		responseId: ctx.requestId.slice(0, 22),
		usageMetadata: answer.usageMetadata,
	};
}
