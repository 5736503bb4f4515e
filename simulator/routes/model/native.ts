import { hash32, mulberry32 } from '../../dataset/random';
import type { HttpRoute, SimContext, SimRequest, SimResponse } from '../types';
import { catalogOf, findModel, type CatalogModel } from './catalog';
import {
	generateContentResponse,
	imageAnswer,
	imageDimensions,
	speechAnswer,
	textAnswer,
	type NativeAnswer,
} from './nativeAnswers';
import { checkCapability, readGenerateRequest, type GenerateRequest } from './nativeRequest';
import { encodePng } from './png';
import { answering, badRequest, nativeError, notFound } from './problems';
import { STREAM_ERROR_MARK, streamPieces, tokensOf } from './replies';
import { nativeEvent, SSE_HEADERS } from './sse';

/** `POST /v1beta/models/{model}:{action}` and `/v1alpha/models/...`, `GET /v1alpha/models`. */

const TASK_TYPES = [
	'TASK_TYPE_UNSPECIFIED',
	'RETRIEVAL_QUERY',
	'RETRIEVAL_DOCUMENT',
	'SEMANTIC_SIMILARITY',
	'CLASSIFICATION',
	'CLUSTERING',
	'QUESTION_ANSWERING',
	'FACT_VERIFICATION',
	'CODE_RETRIEVAL_QUERY',
];
const DEFAULT_DIMENSIONS = 768;
const MAX_DIMENSIONS = 3072;

const isObject = (value: unknown): value is Record<string, any> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

function targetOf(request: SimRequest): { model: string; action: string } {
	const target = decodeURIComponent(request.params.target);
	const colon = target.lastIndexOf(':');
	if (colon <= 0) throw notFound(`Expected {model}:{action} in the path, got "${target}"`);
	return { model: target.slice(0, colon), action: target.slice(colon + 1) };
}

function modelOf(id: string, ctx: SimContext): CatalogModel {
	const model = findModel(id, ctx.options.interfaceNames);
	if (!model) throw notFound(`models/${id} is not found or is not supported`);
	return model;
}

function generate(
	request: SimRequest,
	model: CatalogModel,
): { answer: NativeAnswer; parsed: GenerateRequest } {
	const body = request.json();
	const parsed = readGenerateRequest(body, model);
	checkCapability(parsed, model, isObject(body) && isObject(body.generationConfig));
	const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
	const answer =
		model.capability === 'image'
			? imageAnswer(parsed, model, origin)
			: model.capability === 'speech'
				? speechAnswer(parsed)
				: textAnswer(parsed, model);
	return { answer, parsed };
}

/** The answer cut into the partial responses a stream sends; the last carries finishReason and usage. */
function streamedResponses(answer: NativeAnswer, model: CatalogModel, ctx: SimContext) {
	const full = generateContentResponse(answer, model, ctx);
	const { candidates, ...rest } = full;
	const promptOnly = {
		promptTokenCount: answer.usageMetadata.promptTokenCount,
		trafficType: 'ON_DEMAND',
	};
	const partial = (parts: Record<string, unknown>[]) => ({
		...rest,
		candidates: [{ content: { parts, role: 'model' }, index: 0 }],
		usageMetadata: promptOnly,
	});
	const pieces: Record<string, unknown>[][] = [];
	const tail: Record<string, unknown>[] = [];
	for (const part of answer.parts) {
		if (typeof part.text !== 'string') tail.push(part);
		else if (part.thought) pieces.push([part]);
		else for (const piece of streamPieces(part.text)) pieces.push([{ text: piece }]);
	}
	const last = pieces.pop() ?? [];
	return [
		...pieces.map(partial),
		{
			...full,
			candidates: [{ ...candidates[0], content: { parts: [...last, ...tail], role: 'model' } }],
		},
	];
}

function streamAnswer(request: SimRequest, model: CatalogModel, ctx: SimContext): SimResponse {
	const { answer, parsed } = generate(request, model);
	const responses = streamedResponses(answer, model, ctx);
	if (request.query.get('alt') !== 'sse') return { status: 200, body: responses };
	const events = responses.map(nativeEvent);
	if (parsed.lastUser.includes(STREAM_ERROR_MARK)) {
		events.splice(
			Math.min(2, events.length - 1),
			events.length,
			nativeEvent({
				error: { code: 500, message: 'The model stopped while streaming', status: 'INTERNAL' },
			}),
		);
	}
	return { status: 200, headers: SSE_HEADERS, chunks: events };
}

/** Hashed bag of words: texts sharing words get similar vectors; unit length. */
export function embeddingOf(text: string, dimensions: number, taskType: string): number[] {
	const vector = new Array<number>(dimensions).fill(0);
	const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
	for (const word of words) {
		const random = mulberry32(hash32('word', word));
		for (let index = 0; index < dimensions; index++) vector[index] += random() * 2 - 1;
	}
	const taskRandom = mulberry32(hash32('task', taskType));
	for (let index = 0; index < dimensions; index++) vector[index] += (taskRandom() * 2 - 1) * 0.05;
	const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
	return vector.map((value) => Math.round((value / norm) * 1e6) / 1e6);
}

function embed(request: SimRequest, model: CatalogModel): SimResponse {
	if (model.capability !== 'embedding')
		throw badRequest(`${model.id} does not support embedContent`);
	const body = request.json();
	if (
		!isObject(body) ||
		!isObject(body.content) ||
		!Array.isArray(body.content.parts) ||
		body.content.parts.length === 0
	) {
		throw badRequest('content is required: {parts: [{text}]}');
	}
	const text = body.content.parts
		.map((part: any) => (typeof part?.text === 'string' ? part.text : ''))
		.join(' ');
	if (text.trim() === '') throw badRequest('content.parts[].text must not be empty');
	const dimensions = body.output_dimensionality ?? body.outputDimensionality ?? DEFAULT_DIMENSIONS;
	if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
		throw badRequest(`output_dimensionality must be an integer from 1 to ${MAX_DIMENSIONS}`);
	}
	const taskType = body.taskType ?? 'TASK_TYPE_UNSPECIFIED';
	if (!TASK_TYPES.includes(taskType))
		throw badRequest(`taskType must be one of ${TASK_TYPES.join(', ')}`);
	return { status: 200, body: { embedding: { values: embeddingOf(text, dimensions, taskType) } } };
}

function predict(request: SimRequest, model: CatalogModel): SimResponse {
	if (model.capability !== 'prediction') throw badRequest(`${model.id} does not support predict`);
	const body = request.json();
	if (!isObject(body) || !Array.isArray(body.instances) || body.instances.length === 0)
		throw badRequest('instances is required: [{prompt}]');
	if (!isObject(body.parameters)) throw badRequest('parameters is required: {sampleCount}');
	const { sampleCount } = body.parameters;
	if (!Number.isInteger(sampleCount) || sampleCount < 1 || sampleCount > 4)
		throw badRequest('parameters.sampleCount must be an integer from 1 to 4');
	const predictions: unknown[] = [];
	body.instances.forEach((instance: unknown, index: number) => {
		if (!isObject(instance) || typeof instance.prompt !== 'string' || instance.prompt.trim() === '')
			throw badRequest(`instances[${index}].prompt is required`);
		const { width, height } = imageDimensions(body.parameters.aspectRatio, undefined);
		for (let sample = 0; sample < sampleCount; sample++) {
			const h = hash32(model.id, instance.prompt, sample);
			const png = encodePng(
				width,
				height,
				[h & 0xff, (h >>> 8) & 0xff, (h >>> 16) & 0xff],
				[(h >>> 24) & 0xff, 255 - (h & 0xff), 128],
			);
			predictions.push({ bytesBase64Encoded: png.toString('base64'), mimeType: 'image/png' });
		}
	});
	return { status: 200, body: { predictions } };
}

function countTokens(request: SimRequest, model: CatalogModel): SimResponse {
	const parsed = readGenerateRequest(request.json(), model);
	return { status: 200, body: { totalTokens: tokensOf(parsed.system + parsed.lastUser) } };
}

function handleNative(request: SimRequest, ctx: SimContext): SimResponse {
	const { model: id, action } = targetOf(request);
	const model = modelOf(id, ctx);
	switch (action) {
		case 'generateContent': {
			const { answer } = generate(request, model);
			return { status: 200, body: generateContentResponse(answer, model, ctx) };
		}
		case 'streamGenerateContent':
			return streamAnswer(request, model, ctx);
		case 'embedContent':
			return embed(request, model);
		case 'predict':
			return predict(request, model);
		case 'countTokens':
			return countTokens(request, model);
		default:
			// The spec documents the other native endpoints with this generic answer.
			if (!/^[A-Za-z][A-Za-z0-9]*$/.test(action)) throw notFound(`Unknown action "${action}"`);
			return {
				status: 200,
				body: { id: `op-${ctx.requestId.slice(0, 16)}`, object: action, status: 'completed' },
			};
	}
}

const identify = (version: string) => (request: SimRequest) => ({
	endpoint: `${version}/models/${decodeURIComponent(request.params.target)}`,
});

export const nativeRoutes: HttpRoute[] = [
	{
		method: 'POST',
		path: '/v1beta/models/{target}',
		identify: identify('v1beta'),
		handle: (request, ctx) => answering(() => handleNative(request, ctx), nativeError),
	},
	{
		method: 'POST',
		path: '/v1alpha/models/{target}',
		identify: identify('v1alpha'),
		handle: (request, ctx) =>
			answering(() => {
				const body = request.json();
				if (!isObject(body) || !Array.isArray(body.contents) || body.contents.length === 0)
					throw badRequest('contents is required and must be a non-empty array');
				return handleNative(request, ctx);
			}, nativeError),
	},
	{
		method: 'GET',
		path: '/v1alpha/models',
		identify: () => ({ endpoint: 'v1alpha/models' }),
		handle: (_request, ctx) => ({
			status: 200,
			body: {
				models: catalogOf(ctx.options.interfaceNames).map((model) => ({
					name: `models/${model.id}`,
					displayName: model.id,
					supportedGenerationMethods:
						model.capability === 'embedding'
							? ['embedContent']
							: model.capability === 'prediction'
								? ['predict']
								: ['generateContent', 'streamGenerateContent', 'countTokens'],
				})),
			},
		}),
	},
];
