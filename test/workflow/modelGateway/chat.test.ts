import type { Simulator } from '../../../simulator';
import { bodyOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
let modelSim: Simulator;
useSimulator((started) => (sim = started));
useSimulator((started) => (modelSim = started));

const CLASSIFY =
	'Classify the sentiment of the mention. Answer only JSON {"sentiment":"positive|neutral|negative","reason":"..."}';
const conversation = (mention: string) => ({
	values: [
		{ role: 'system', content: CLASSIFY },
		{ role: 'user', content: mention },
	],
});

describe('Model Gateway › chat', () => {
	it('classifies each mention: text, parsed JSON and usage; Bearer at the model address', async () => {
		const mentions = [
			'I love the new flavour',
			'Package arrived broken, terrible service',
			'Saw it in the shop today',
		];
		const { items, error } = await runModelGateway(
			sim,
			{
				resource: 'chat',
				operation: 'complete',
				modelId: model('gemini-2.5-flash'),
				messages: {
					values: [
						{ role: 'system', content: CLASSIFY },
						{ role: 'user', content: '={{ $json.text }}' },
					],
				},
				options: { parseJson: true, temperature: 0 },
			},
			{ inputItems: mentions.map((text) => ({ json: { text } })), modelSim },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.json.parsed as { sentiment: string }).sentiment)).toEqual([
			'positive',
			'negative',
			'neutral',
		]);
		expect(items[0].json).toMatchObject({
			text: '{"sentiment":"positive","reason":"Positive wording: love"}',
			finishReason: 'stop',
			usage: {
				prompt_tokens: expect.any(Number),
				completion_tokens: expect.any(Number),
				total_tokens: expect.any(Number),
			},
			model: 'gemini-2.5-flash',
		});
		// The chat interface lives at the Model Base URL.
		expect(sim.requests).toHaveLength(0);
		expect(modelSim.requests).toHaveLength(3);
		expect(
			modelSim.requests.every(
				(request) =>
					schemeOf(request).join() === 'bearer' &&
					request.headers['x-api-key'] === undefined &&
					request.query.key === undefined,
			),
		).toBe(true);
		expect(bodyOf(modelSim.requests[1])).toEqual({
			model: 'gemini-2.5-flash',
			messages: [
				{ role: 'system', content: CLASSIFY },
				{ role: 'user', content: mentions[1] },
			],
			temperature: 0,
		});
	});

	it('full response on request; max_tokens sent and honoured', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: {
				values: [{ role: 'user', content: 'Tell me a long story about otters and rivers' }],
			},
			output: 'full',
			options: { max_tokens: 3 },
		});
		expect(items[0].json).toMatchObject({
			object: 'chat.completion',
			choices: [{ finish_reason: 'length' }],
			usage: { completion_tokens: 3 },
		});
		expect(bodyOf(sim.requests[0]).max_tokens).toBe(3);
	});

	it('stream: SSE assembled into one answer equal to the plain one, with time to first token', async () => {
		const plain = await runModelGateway(sim, {
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: conversation('What a great day'),
		});
		const { items } = await runModelGateway(sim, {
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: conversation('What a great day'),
			options: { stream: true, parseJson: true, keepRawChunks: true },
		});
		expect(items[0].json).toMatchObject({
			text: plain.items[0].json.text,
			finishReason: 'stop',
			parsed: { sentiment: 'positive' },
			timeToFirstTokenMs: expect.any(Number),
		});
		expect((items[0].json.chunks as unknown[]).at(-1)).toBe('[DONE]');
		expect(bodyOf(sim.requests[1]).stream).toBe(true);
	});

	it('stream: an error chunk in the middle fails the item with the service message', async () => {
		const { error } = await runModelGateway(sim, {
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: conversation('[sim:stream-error] hi'),
			options: { stream: true },
		});
		expect(error?.message).toMatch(
			/reported an error in the stream of v1\/chat\/completions: server_error/,
		);
	});

	it.each([2.5, -1])('temperature %s is refused before any request', async (temperature) => {
		const { error } = await runModelGateway(sim, {
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: conversation('x'),
			options: { temperature },
		});
		expect(error?.message).toMatch(
			/Field "temperature" \(Temperature\) must be a number from 0 to 2/,
		);
		expect(sim.requests).toHaveLength(0);
	});

	it('a wrong key: an error item with status and service message, never the key (the service echoes it)', async () => {
		const wrongKey = 'sk-not-the-right-key-42';
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'chat',
				operation: 'complete',
				modelId: model('gemini-2.5-flash'),
				messages: conversation('x'),
			},
			{ continueOnFail: true, apiKey: wrongKey, inputItems: [{ json: {} }, { json: {} }] },
		);
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({
			endpoint: 'v1/chat/completions',
			status: 401,
			serviceMessage: expect.stringMatching(/^Invalid API key/),
		});
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(JSON.stringify(items)).not.toContain(wrongKey);
	});
});
