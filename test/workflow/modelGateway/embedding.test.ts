import type { Simulator } from '../../../simulator';
import { bodyOf, model, runModelGateway, schemeOf, useSimulator } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

describe('Model Gateway › embedding', () => {
	it('embeds every input item, in order, with output_dimensionality and taskType', async () => {
		const texts = Array.from(
			{ length: 12 },
			(_, index) => `mention number ${index} about the brand`,
		);
		const { items, error } = await runModelGateway(
			sim,
			{
				resource: 'embedding',
				operation: 'embed',
				modelId: model('gemini-embedding-001'),
				text: '={{ $json.text }}',
				options: { output_dimensionality: 64, taskType: 'CLUSTERING' },
			},
			{ inputItems: texts.map((text) => ({ json: { text } })) },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(12);
		expect(items.map((item) => item.pairedItem)).toEqual(texts.map((_, item) => ({ item })));
		for (const item of items) {
			expect(item.json).toMatchObject({ model: 'gemini-embedding-001', dimensions: 64 });
			expect(item.json.embedding).toHaveLength(64);
		}
		expect(sim.requests).toHaveLength(12);
		const sent = sim.requests.map(bodyOf);
		expect(sent.map((body) => body.content.parts[0].text).sort()).toEqual([...texts].sort());
		expect(
			sent.every((body) => body.output_dimensionality === 64 && body.taskType === 'CLUSTERING'),
		).toBe(true);
		expect(sim.requests.every((request) => schemeOf(request).join() === 'queryKey')).toBe(true);

		// Each item's vector is the one for its own text (order kept despite concurrency).
		const single = await runModelGateway(sim, {
			resource: 'embedding',
			operation: 'embed',
			modelId: model('gemini-embedding-001'),
			text: texts[7],
			options: { output_dimensionality: 64, taskType: 'CLUSTERING' },
		});
		expect(single.items[0].json.embedding).toEqual(items[7].json.embedding);
	});

	it('Continue On Fail: an empty text becomes an error item, the rest are embedded', async () => {
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'embedding',
				operation: 'embed',
				modelId: model('gemini-embedding-001'),
				text: '={{ $json.text }}',
			},
			{
				continueOnFail: true,
				inputItems: [
					{ json: { text: 'one' } },
					{ json: { text: '' } },
					{ json: { text: 'three' } },
				],
			},
		);
		expect(items).toHaveLength(3);
		expect(items[0].json.dimensions).toBe(768);
		expect(items[1].json).toMatchObject({
			error: expect.stringMatching(/Field "text" \(Text\) is required/),
			endpoint: 'v1beta/models/{model}:embedContent',
			status: null,
		});
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[2].json.dimensions).toBe(768);
		expect(sim.requests).toHaveLength(2);
	});
});
