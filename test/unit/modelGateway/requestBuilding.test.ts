import {
	chatSummary,
	messagesSummary,
	nativeSummary,
} from '../../../nodes/ModelGateway/helpers/answerText';
import {
	conversationOf,
	maxTokensOf,
	temperatureOf,
} from '../../../nodes/ModelGateway/helpers/conversation';
import {
	checkAspectRatio,
	checkContents,
	generateContentBody,
	HARM_CATEGORIES,
} from '../../../nodes/ModelGateway/helpers/generateContent';
import {
	imagesOfNative,
	imagesOfPrediction,
} from '../../../nodes/ModelGateway/helpers/imageOutput';
import { jsonFromText } from '../../../nodes/ModelGateway/helpers/jsonFromText';
import { InputError } from '../../../nodes/shared/execution/inputError';

describe('native request body', () => {
	it('puts every option where the spec names it', () => {
		const body = generateContentBody({
			contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
			systemInstruction: 'Be brief',
			generation: {
				temperature: 0.2,
				topP: 0.9,
				maxOutputTokens: 64,
				includeThoughts: true,
				thinkingBudget: 512,
				responseModalities: ['TEXT', 'IMAGE'],
				aspectRatio: '16:9',
				imageMimeType: 'image/png',
			},
			safetyThreshold: 'OFF',
			googleSearch: true,
			responseFormat: 'url',
		});
		expect(body).toEqual({
			contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
			systemInstruction: { parts: [{ text: 'Be brief' }] },
			generationConfig: {
				temperature: 0.2,
				topP: 0.9,
				maxOutputTokens: 64,
				thinkingConfig: { includeThoughts: true, thinkingBudget: 512 },
				responseModalities: ['TEXT', 'IMAGE'],
				imageConfig: { aspectRatio: '16:9', imageOutputOptions: { mimeType: 'image/png' } },
			},
			safetySettings: HARM_CATEGORIES.map((category) => ({ category, threshold: 'OFF' })),
			tools: [{ googleSearch: {} }],
			response_format: 'url',
		});
		expect(HARM_CATEGORIES).toHaveLength(5);
	});

	it('sends no generationConfig when nothing was set, and the voice for speech', () => {
		expect(generateContentBody({ contents: [{ parts: [{ text: 'x' }] }] })).toEqual({
			contents: [{ parts: [{ text: 'x' }] }],
		});
		expect(
			generateContentBody({
				model: 'gemini-2.5-flash-preview-tts',
				contents: [{ parts: [{ text: 'x' }] }],
				generation: { responseModalities: ['AUDIO'], voiceName: 'Puck' },
			}),
		).toEqual({
			model: 'gemini-2.5-flash-preview-tts',
			contents: [{ parts: [{ text: 'x' }] }],
			generationConfig: {
				responseModalities: ['AUDIO'],
				speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
			},
		});
	});

	it('refuses out-of-range sampling values and malformed ratios and contents, naming the field', () => {
		expect(() => generateContentBody({ contents: [], generation: { temperature: 3 } })).toThrow(
			/Field "temperature" \(Temperature\) must be a number from 0 to 2/,
		);
		expect(() => generateContentBody({ contents: [], generation: { topP: 1.5 } })).toThrow(
			/"topP"/,
		);
		expect(() => generateContentBody({ contents: [], generation: { thinkingBudget: -5 } })).toThrow(
			/"thinkingBudget"/,
		);
		expect(() => checkAspectRatio('16x9')).toThrow(InputError);
		expect(() => checkAspectRatio('0:1')).toThrow(/<w>:<h>/);
		expect(() => checkContents('[{"role":"assistant","parts":[{"text":"x"}]}]')).toThrow(
			/role" must be "user" or "model"/,
		);
		expect(() => checkContents('[{"role":"user"}]')).toThrow(/non-empty "parts"/);
		expect(() => checkContents('not json')).toThrow(/not valid JSON/);
	});
});

describe('chat and messages validation', () => {
	it('temperature 0 to 2, empty means the service default', () => {
		expect(temperatureOf(undefined)).toBeUndefined();
		expect(temperatureOf('')).toBeUndefined();
		expect(temperatureOf(0)).toBe(0);
		expect(temperatureOf(2)).toBe(2);
		expect(() => temperatureOf(2.01)).toThrow(/temperature.*0 to 2/);
		expect(() => temperatureOf(-0.1)).toThrow(InputError);
		expect(() => temperatureOf('hot')).toThrow(InputError);
	});

	it('max_tokens required on messages, a positive whole number', () => {
		expect(() => maxTokensOf(undefined, true)).toThrow(
			/Field "max_tokens" \(Maximum Tokens\) is required/,
		);
		expect(() => maxTokensOf('', true)).toThrow(/required/);
		expect(maxTokensOf(undefined, false)).toBeUndefined();
		expect(() => maxTokensOf(0, false)).toThrow(/at least 1/);
		expect(() => maxTokensOf(10.5, true)).toThrow(/whole number/);
		expect(maxTokensOf('256', true)).toBe(256);
	});

	it('keeps messages in order, drops empty ones, refuses unknown roles', () => {
		expect(
			conversationOf(
				[
					{ role: 'system', content: 'S' },
					{ role: 'user', content: '' },
					{ role: 'user', content: 'U' },
				],
				['system', 'user', 'assistant'],
			),
		).toEqual([
			{ role: 'system', content: 'S' },
			{ role: 'user', content: 'U' },
		]);
		expect(() => conversationOf([{ role: 'system', content: 'S' }], ['user', 'assistant'])).toThrow(
			/Field "messages" \(Messages\) holds message 1 with the role "system"/,
		);
	});
});

describe('reading answers', () => {
	it('native: text apart from thoughts, finish reason, usage', () => {
		const summary = nativeSummary({
			candidates: [
				{
					content: {
						parts: [{ text: 'hmm', thought: true }, { text: 'Hello ' }, { text: 'world' }],
					},
					finishReason: 'STOP',
				},
			],
			usageMetadata: { totalTokenCount: 9 },
			modelVersion: 'gemini-2.5-flash',
			responseId: 'r1',
		});
		expect(summary).toEqual({
			text: 'Hello world',
			thoughts: 'hmm',
			finishReason: 'STOP',
			usage: { totalTokenCount: 9 },
			model: 'gemini-2.5-flash',
			responseId: 'r1',
		});
		expect(nativeSummary({ promptFeedback: { blockReason: 'SAFETY' } })).toEqual({
			text: '',
			finishReason: 'SAFETY',
			usage: null,
		});
	});

	it('chat and messages', () => {
		expect(
			chatSummary({
				id: 'c',
				model: 'm',
				choices: [{ message: { content: 'ok' }, finish_reason: 'stop' }],
				usage: { total_tokens: 3 },
			}),
		).toEqual({
			text: 'ok',
			finishReason: 'stop',
			usage: { total_tokens: 3 },
			model: 'm',
			responseId: 'c',
		});
		expect(
			messagesSummary({
				content: [
					{ type: 'thinking', thinking: 't' },
					{ type: 'text', text: 'a' },
					{ type: 'text', text: 'b' },
				],
				stop_reason: 'end_turn',
				usage: { output_tokens: 2 },
			}),
		).toEqual({
			text: 'ab',
			thoughts: 't',
			finishReason: 'end_turn',
			usage: { output_tokens: 2 },
		});
	});

	it('finds images as inline data, file data, links in text, and predictions', () => {
		const response = {
			candidates: [
				{
					content: {
						parts: [
							{ text: 'See https://cdn.example.com/a.png.' },
							{ inlineData: { data: 'AAA=', mimeType: 'image/png' } },
							{ fileData: { fileUri: 'https://x/b.png', mimeType: 'image/png' } },
						],
					},
				},
			],
		};
		expect(imagesOfNative(response, false)).toEqual([
			{ kind: 'base64', data: 'AAA=', mimeType: 'image/png' },
			{ kind: 'url', url: 'https://x/b.png', mimeType: 'image/png' },
		]);
		expect(imagesOfNative(response, true)[0]).toEqual({
			kind: 'url',
			url: 'https://cdn.example.com/a.png.',
		});
		expect(
			imagesOfPrediction({
				predictions: [{ bytesBase64Encoded: 'QQ==', mimeType: 'image/jpeg' }, {}],
			}),
		).toEqual([{ kind: 'base64', data: 'QQ==', mimeType: 'image/jpeg' }]);
	});
});

describe('JSON in generated text', () => {
	it.each([
		['{"sentiment":"positive"}', { sentiment: 'positive' }],
		[
			'```json\n{"sentiment": "negative", "reason": "broken"}\n```',
			{ sentiment: 'negative', reason: 'broken' },
		],
		[
			'Sure! Here is the result: {"sentiment":"neutral","reason":"a {brace} inside"} Hope it helps.',
			{ sentiment: 'neutral', reason: 'a {brace} inside' },
		],
		['The list [not json] then ["a", "b"]', ['a', 'b']],
	])('reads %j', (text, value) => {
		expect(jsonFromText(text)).toEqual({ ok: true, value });
	});

	it('keeps the digits of a 64-bit id the model repeats', () => {
		expect(jsonFromText('Result: {"post_id": 7340000000000000123, "score": 0.5}')).toEqual({
			ok: true,
			value: { post_id: '7340000000000000123', score: 0.5 },
		});
	});

	it('says why when there is none', () => {
		expect(jsonFromText('no json here')).toEqual({
			ok: false,
			error: 'The text contains no valid JSON object or array',
		});
		expect(jsonFromText('{"cut": "off')).toMatchObject({ ok: false });
		expect(jsonFromText('')).toEqual({ ok: false, error: 'The text is empty' });
	});
});
