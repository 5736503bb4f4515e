import type { Simulator } from '../../../simulator';
import { bodyOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

describe('Model Gateway › model', () => {
	it('list: one item per model record, with Bearer', async () => {
		const { items } = await runModelGateway(sim, { resource: 'model', operation: 'list' });
		expect(items.length).toBeGreaterThan(10);
		expect(items.map((item) => item.json.id)).toEqual(
			expect.arrayContaining([
				'gemini-2.5-flash',
				'gemini-embedding-001',
				'imagen-4.0-generate-001',
			]),
		);
		expect(items[0].json).toEqual({
			id: expect.any(String),
			object: 'model',
			owned_by: 'gateway',
			created: expect.any(Number),
		});
		expect(schemeOf(sim.requests[0])).toEqual(['bearer']);
	});

	it('get: the record of one model; an unknown one fails with 404', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'model',
			operation: 'get',
			modelId: model('gemini-2.5-pro-preview-tts'),
		});
		expect(items[0].json).toMatchObject({ id: 'gemini-2.5-pro-preview-tts', object: 'model' });
		const missing = await runModelGateway(
			sim,
			{ resource: 'model', operation: 'get', modelId: model('gemini-9-nope') },
			{ continueOnFail: true },
		);
		expect(missing.items[0].json).toMatchObject({
			endpoint: 'v1/models/gemini-9-nope',
			status: 404,
		});
	});

	it('listNative: GET /v1alpha/models with the key in the query', async () => {
		const { items } = await runModelGateway(sim, { resource: 'model', operation: 'listNative' });
		expect(items.map((item) => item.json.name)).toContain('models/gemini-3-pro-image-preview');
		expect(sim.requests[0].path).toBe('/v1alpha/models');
		expect(schemeOf(sim.requests[0])).toEqual(['queryKey']);
	});
});

describe('Model Gateway › native', () => {
	it('calls any {model}:{action} with the JSON body unchanged', async () => {
		const body = { contents: [{ role: 'user', parts: [{ text: 'Count these tokens please' }] }] };
		const { items } = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-flash'),
			action: 'countTokens',
			body: JSON.stringify(body),
		});
		expect(items[0].json).toEqual({ totalTokens: 7 });
		expect(sim.requests[0].path).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
		expect(bodyOf(sim.requests[0])).toEqual(body);
		const generic = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-flash'),
			action: 'cachedContents',
			body: '{"ttl":"60s"}',
		});
		expect(generic.items[0].json).toEqual({
			id: expect.any(String),
			object: 'cachedContents',
			status: 'completed',
		});
	});

	it('v1alpha: generateContent, and a body without contents refused locally', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1alpha',
			modelId: model('gemini-2.5-flash'),
			action: 'generateContent',
			body: '{"contents":[{"parts":[{"text":"hi"}]}]}',
		});
		expect(items[0].json).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
		expect(sim.requests[0].path).toBe('/v1alpha/models/gemini-2.5-flash:generateContent');
		sim.reset();
		const refused = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1alpha',
			modelId: model('gemini-2.5-flash'),
			action: 'generateContent',
			body: '{"generationConfig":{}}',
		});
		expect(refused.error?.message).toMatch(
			/Field "body" \(Body \(JSON\)\) must hold a non-empty "contents" array for the v1alpha interface/,
		);
		expect(sim.requests).toHaveLength(0);
	});

	it('a stream action is read as Server-Sent Events and assembled', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-pro'),
			action: 'streamGenerateContent',
			body: '{"contents":[{"parts":[{"text":"Stream something"}]}]}',
		});
		expect(items[0].json).toMatchObject({
			text: 'This is a simulated answer from gemini-2.5-pro to: "Stream something".',
			finishReason: 'STOP',
		});
		expect(sim.requests[0].query.alt).toBe('sse');
	});

	it('service errors carry the status and the message of the native error body', async () => {
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'native',
				operation: 'call',
				apiVersion: 'v1beta',
				modelId: model('gemini-embedding-001'),
				action: 'embedContent',
				body: '{"content":{"parts":[{"text":"x"}]},"output_dimensionality":99999}',
			},
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({
			status: 400,
			serviceMessage: 'output_dimensionality must be an integer from 1 to 3072',
			endpoint: 'v1beta/models/gemini-embedding-001:embedContent',
		});
	});
});
