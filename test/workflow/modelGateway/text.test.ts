import { SIMULATOR_API_KEY, type Simulator } from '../../../simulator';
import { encodePng } from '../../../simulator/routes/model/png';
import { binaryItem, bodyOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

const prompt = (text: string) => ({ values: [{ role: 'user', text }] });

describe('Model Gateway › text', () => {
	it('generate: the text, finish reason and usage by default, with the key in the query only', async () => {
		const { items, error } = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages: prompt('Hello model'),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			text: 'This is a simulated answer from gemini-2.5-flash to: "Hello model".',
			finishReason: 'STOP',
			usage: expect.objectContaining({
				promptTokenCount: expect.any(Number),
				totalTokenCount: expect.any(Number),
			}),
			model: 'gemini-2.5-flash',
			responseId: expect.any(String),
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(sim.requests).toHaveLength(1);
		expect(sim.requests[0].path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
		expect(schemeOf(sim.requests[0])).toEqual(['queryKey']);
		expect(sim.requests[0].headers.authorization).toBeUndefined();
	});

	it('generate: the full response when asked, and every option in the request where the spec puts it', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-3-pro-preview'),
			messages: {
				values: [
					{ role: 'user', text: 'First question' },
					{ role: 'model', text: 'First answer' },
					{ role: 'user', text: 'Second question' },
				],
			},
			output: 'full',
			options: {
				systemInstruction: 'Answer in one line',
				temperature: 0.3,
				topP: 0.8,
				maxOutputTokens: 200,
				includeThoughts: true,
				thinkingBudget: 1024,
				safetyThreshold: 'OFF',
				googleSearch: true,
			},
		});
		expect(items[0].json).toMatchObject({
			candidates: [{ finishReason: 'STOP', groundingMetadata: expect.any(Object) }],
			modelVersion: 'gemini-3-pro-preview',
			usageMetadata: { thoughtsTokenCount: expect.any(Number) },
		});
		expect(bodyOf(sim.requests[0])).toEqual({
			contents: [
				{ role: 'user', parts: [{ text: 'First question' }] },
				{ role: 'model', parts: [{ text: 'First answer' }] },
				{ role: 'user', parts: [{ text: 'Second question' }] },
			],
			systemInstruction: { parts: [{ text: 'Answer in one line' }] },
			generationConfig: {
				temperature: 0.3,
				topP: 0.8,
				maxOutputTokens: 200,
				thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
			},
			safetySettings: [
				{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
				{ category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
				{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
				{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
				{ category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'OFF' },
			],
			tools: [{ googleSearch: {} }],
		});
	});

	it('generate: input binaries go as inline_data with their mime types, file URIs as file_data', async () => {
		const png = encodePng(4, 3, [255, 0, 0], [0, 0, 255]);
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'text',
				operation: 'generate',
				modelId: model('gemini-2.5-pro'),
				messages: prompt('Describe the picture and the video'),
				options: {
					inputBinaries: 'photo',
					files: {
						file: [{ fileUri: 'https://files.example.com/clip.mp4', mimeType: 'video/mp4' }],
					},
				},
			},
			{
				inputItems: [
					binaryItem({}, { photo: { bytes: png, mimeType: 'image/png', fileName: 'p.png' } }),
				],
			},
		);
		expect(bodyOf(sim.requests[0]).contents).toEqual([
			{
				role: 'user',
				parts: [
					{ inline_data: { data: png.toString('base64'), mime_type: 'image/png' } },
					{ file_data: { file_uri: 'https://files.example.com/clip.mp4', mime_type: 'video/mp4' } },
					{ text: 'Describe the picture and the video' },
				],
			},
		]);
		expect(items[0].json.text).toMatch(/Attachments: image\/png, video\/mp4\./);
	});

	it('generate: thoughts apart from the text, and JSON read out of the text', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages: prompt('Classify the sentiment: the new app is great'),
			options: { includeThoughts: true, parseJson: true },
		});
		expect(items[0].json.thoughts).toMatch(/^Considering/);
		expect(items[0].json.parsed).toEqual({
			sentiment: 'positive',
			reason: 'Positive wording: great',
		});
	});

	it('stream: assembles the same text as generate, with time to first token and, when asked, the raw chunks', async () => {
		const messages = prompt('Summarise these:\nI love it\nIt broke after a day');
		const whole = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages,
		});
		const { items } = await runModelGateway(sim, {
			resource: 'text',
			operation: 'stream',
			modelId: model('gemini-2.5-flash'),
			messages,
			options: { keepRawChunks: true },
		});
		expect(items[0].json).toMatchObject({
			text: whole.items[0].json.text,
			finishReason: 'STOP',
			usage: whole.items[0].json.usage,
			timeToFirstTokenMs: expect.any(Number),
		});
		expect(items[0].json.chunks).toHaveLength(items[0].json.chunkCount as number);
		const stream = sim.requests[1];
		expect(stream.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
		expect(stream.query).toEqual({ alt: 'sse', key: SIMULATOR_API_KEY });
	});

	it('refuses an empty prompt and an out-of-range temperature before any request', async () => {
		const empty = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages: prompt('  '),
		});
		expect(empty.error?.message).toMatch(/at least one message/);
		const hot = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages: prompt('x'),
			options: { temperature: 2.5 },
		});
		expect(hot.error?.message).toMatch(
			/Field "temperature" \(Temperature\) must be a number from 0 to 2/,
		);
		expect(sim.requests).toHaveLength(0);
	});
});
