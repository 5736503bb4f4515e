import type { Simulator } from '../../../simulator';
import { bodyOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
let modelSim: Simulator;
useSimulator((started) => (sim = started));
useSimulator((started) => (modelSim = started));

const ask = (content: string) => ({ values: [{ role: 'user', content }] });

describe('Model Gateway › message', () => {
	it('creates a message with x-api-key and anthropic-version at the model address', async () => {
		const { items, error } = await runModelGateway(
			sim,
			{
				resource: 'message',
				operation: 'create',
				modelId: model('gemini-2.5-flash'),
				messages: ask('Summarize for the report:\nI love it\nbad battery'),
				max_tokens: 300,
				options: { system: 'You write daily reports' },
			},
			{ modelSim },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			text: expect.stringMatching(/^Summary of 2 mentions: 1 positive, 0 neutral and 1 negative\./),
			finishReason: 'end_turn',
			usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
		});
		expect(sim.requests).toHaveLength(0);
		const [request] = modelSim.requests;
		expect(request.path).toBe('/v1/messages');
		expect(schemeOf(request)).toEqual(['messages']);
		expect(request.headers.authorization).toBeUndefined();
		expect(bodyOf(request)).toEqual({
			model: 'gemini-2.5-flash',
			messages: [{ role: 'user', content: 'Summarize for the report:\nI love it\nbad battery' }],
			max_tokens: 300,
			system: 'You write daily reports',
		});
	});

	it.each<[unknown, string]>([
		['', 'empty'],
		[null, 'null'],
		[0, 'zero'],
		[2.5, 'fractional'],
	])('max_tokens %p (%s) is refused before any request', async (maxTokens) => {
		const { error } = await runModelGateway(sim, {
			resource: 'message',
			operation: 'create',
			modelId: model('gemini-2.5-flash'),
			messages: ask('hi'),
			max_tokens: maxTokens as never,
		});
		expect(error?.message).toMatch(/Field "max_tokens" \(Maximum Tokens\)/);
		expect(sim.requests).toHaveLength(0);
	});

	it('stream: the event types assembled into text, stop reason, usage and time to first token', async () => {
		const plain = await runModelGateway(sim, {
			resource: 'message',
			operation: 'create',
			modelId: model('gemini-2.5-flash'),
			messages: ask('Hello there'),
			max_tokens: 100,
			output: 'full',
		});
		const { items } = await runModelGateway(sim, {
			resource: 'message',
			operation: 'create',
			modelId: model('gemini-2.5-flash'),
			messages: ask('Hello there'),
			max_tokens: 100,
			options: { stream: true, keepRawChunks: true },
		});
		expect(items[0].json).toMatchObject({
			text: (plain.items[0].json.content as Array<{ text: string }>)[0].text,
			finishReason: 'end_turn',
			usage: plain.items[0].json.usage,
			timeToFirstTokenMs: expect.any(Number),
		});
		const events = (items[0].json.chunks as Array<{ event: string }>).map((chunk) => chunk.event);
		expect(events[0]).toBe('message_start');
		expect(events).toContain('ping');
		expect(events.at(-1)).toBe('message_stop');
	});

	it('stream: an error event midway fails the item clearly; Continue On Fail keeps the other items', async () => {
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'message',
				operation: 'create',
				modelId: model('gemini-2.5-flash'),
				messages: ask('={{ $json.q }}'),
				max_tokens: 100,
				options: { stream: true },
			},
			{
				continueOnFail: true,
				inputItems: [{ json: { q: 'fine' } }, { json: { q: '[sim:stream-error] boom' } }],
			},
		);
		expect(items[0].json.text).toMatch(/simulated answer/);
		expect(items[1].json).toMatchObject({
			error: expect.stringMatching(
				/reported an error in the stream of v1\/messages: overloaded_error: Overloaded/,
			),
			endpoint: 'v1/messages',
		});
	});
});
