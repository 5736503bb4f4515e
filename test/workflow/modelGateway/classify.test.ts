import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { sentimentOf } from '../../../simulator/routes/model/sentiment';
import { bodyOf, model, runModelGateway, useSimulator } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

const POSTS = [
	'I love the new flavour, great value',
	'Package arrived broken, terrible service',
	'Saw it in the shop today',
	'Best purchase this year, I recommend it',
	'Customer support was slow and useless',
	'They changed the logo',
];

/** `count` mentions cycling through the posts, each with its own id and text. */
const mentions = (count: number) =>
	Array.from({ length: count }, (_, n) => ({
		json: { id: `m${n}`, text: `${POSTS[n % POSTS.length]} (#${n})` },
	}));

const classify = (options: Record<string, unknown> = {}): INodeParameters => ({
	resource: 'chat',
	operation: 'classify',
	modelId: model('gemini-2.5-flash'),
	text: '={{ $json.text }}',
	labels: 'positive, neutral, negative',
	options: options as INodeParameters,
});

const chatCalls = () => sim.requests.filter((request) => request.path === '/v1/chat/completions');
const labelOf = (json: Record<string, unknown>) => (json.classification as { label: string }).label;
const itemsAsked = (index: number) =>
	JSON.parse(bodyOf(chatCalls()[index]).messages[1].content).items.map(
		(item: { id: string }) => item.id,
	);

describe('Model Gateway › chat › Classify in Batches', () => {
	it('60 items at the default batch size: 3 calls, every item labelled as the model judged it, in order, item fields kept', async () => {
		const input = mentions(60);
		const { items, error } = await runModelGateway(sim, classify(), { inputItems: input });
		expect(error).toBeUndefined();
		expect(chatCalls()).toHaveLength(3);
		expect(items).toHaveLength(60);
		items.forEach((item, n) => {
			expect(item.json.id).toBe(`m${n}`);
			expect(item.pairedItem).toEqual({ item: n });
			expect(labelOf(item.json)).toBe(sentimentOf(input[n].json.text).sentiment);
		});
		expect(new Set(items.map((item) => labelOf(item.json)))).toEqual(
			new Set(['positive', 'negative', 'neutral']),
		);
		expect(
			chatCalls()
				.map((_, index) => itemsAsked(index).length)
				.sort(),
		).toEqual([10, 25, 25]);
	});

	it('asks for structured JSON: response_format with a strict schema naming the ids and labels; temperature 0', async () => {
		await runModelGateway(sim, classify({ batchSize: 4 }), { inputItems: mentions(3) });
		const body = bodyOf(chatCalls()[0]);
		expect(body).toMatchObject({
			model: 'gemini-2.5-flash',
			temperature: 0,
			response_format: {
				type: 'json_schema',
				json_schema: { name: 'classification', strict: true },
			},
		});
		const entry = body.response_format.json_schema.schema.properties.results.items;
		expect(entry.properties.label.enum).toEqual(['positive', 'neutral', 'negative']);
		expect(entry.properties.id.enum).toEqual(['1', '2', '3']);
		expect(body.messages[0].content).toMatch(
			/exactly one of these labels: positive, neutral, negative/,
		);
		expect(JSON.parse(body.messages[1].content)).toEqual({
			labels: ['positive', 'neutral', 'negative'],
			items: mentions(3).map((m, n) => ({ id: String(n + 1), text: m.json.text })),
		});
	});

	it.each(['drop-item', 'duplicate-item', 'unknown-label'] as const)(
		'a malformed answer (%s) once: retried once about the items it left open, nothing lost',
		async (modelAnswer) => {
			sim.faults.queue({ endpoint: 'v1/chat/completions', modelAnswer });
			const input = mentions(10);
			const { items } = await runModelGateway(sim, classify({ concurrency: 1 }), {
				inputItems: input,
			});
			expect(chatCalls()).toHaveLength(2);
			expect(itemsAsked(0)).toHaveLength(10);
			expect(itemsAsked(1)).toHaveLength(1);
			items.forEach((item, n) =>
				expect(labelOf(item.json)).toBe(sentimentOf(input[n].json.text).sentiment),
			);
		},
	);

	it('malformed twice (prose): retried, then split in halves that are asked once each', async () => {
		sim.faults.queue(
			{ endpoint: 'v1/chat/completions', modelAnswer: 'prose' },
			{ endpoint: 'v1/chat/completions', modelAnswer: 'prose' },
		);
		const input = mentions(10);
		const { items } = await runModelGateway(sim, classify({ concurrency: 1 }), {
			inputItems: input,
		});
		expect(chatCalls().map((_, index) => itemsAsked(index).length)).toEqual([10, 10, 5, 5]);
		items.forEach((item, n) =>
			expect(labelOf(item.json)).toBe(sentimentOf(input[n].json.text).sentiment),
		);
	});

	it('an item the model never labels acceptably is "unclassified" with the reason; the others are labelled; nothing dropped', async () => {
		const input = mentions(8);
		input[5] = { json: { id: 'm5', text: 'Odd one [sim:unclassifiable]' } };
		const { items, error } = await runModelGateway(sim, classify({ concurrency: 1 }), {
			inputItems: input,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(8);
		expect(items[5].json).toMatchObject({
			id: 'm5',
			classification: {
				label: 'unclassified',
				reason: expect.stringMatching(
					/malformed: a label outside positive, neutral, negative for item 6 \("unsure"\)/,
				),
			},
		});
		for (const n of [0, 1, 2, 3, 4, 6, 7])
			expect(labelOf(items[n].json)).toBe(sentimentOf(input[n].json.text).sentiment);
		// The first answer settles 7 items; the retry asks about the one left, which cannot be split further.
		expect(chatCalls().map((_, index) => itemsAsked(index))).toEqual([
			['1', '2', '3', '4', '5', '6', '7', '8'],
			['6'],
		]);
		// Every item says what the whole run cost: the first call and the retry.
		for (const item of items)
			expect((item.json.classification as { modelCalls: number }).modelCalls).toBe(2);
	});

	it('an item with no text is unclassified without a call', async () => {
		const { items } = await runModelGateway(sim, classify(), {
			inputItems: [{ json: { text: '  ' } }, { json: { text: 'Great stuff' } }],
		});
		expect(items.map((item) => item.json.classification)).toEqual([
			{ label: 'unclassified', reason: 'No text to classify', modelCalls: 1 },
			{ label: 'positive', reason: expect.any(String), modelCalls: 1 },
		]);
		expect(itemsAsked(0)).toEqual(['2']);
	});

	it('a model call that fails: with Continue On Fail its items are unclassified with the error, the other batches labelled', async () => {
		sim.faults.queue({ endpoint: 'v1/chat/completions', status: 500 });
		const input = mentions(6);
		const { items, error } = await runModelGateway(
			sim,
			classify({ batchSize: 3, concurrency: 1 }),
			{ inputItems: input, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(6);
		for (const n of [0, 1, 2])
			expect(items[n].json.classification).toEqual({
				label: 'unclassified',
				reason: expect.stringMatching(/^The model call failed: .*500/),
				modelCalls: 2,
			});
		for (const n of [3, 4, 5])
			expect(labelOf(items[n].json)).toBe(sentimentOf(input[n].json.text).sentiment);
	});

	it('a model call that fails without Continue On Fail fails the node and starts no further batch', async () => {
		sim.faults.queue({ endpoint: 'v1/chat/completions', status: 500 });
		const { error } = await runModelGateway(sim, classify({ batchSize: 3, concurrency: 1 }), {
			inputItems: mentions(9),
		});
		expect(error?.message).toMatch(/500/);
		expect(chatCalls()).toHaveLength(1);
	});

	it('custom labels, result field and unclassified label; fewer than two labels refused before any call', async () => {
		const { items } = await runModelGateway(
			sim,
			{
				...classify({ resultField: 'topic', unclassifiedLabel: 'other' }),
				labels: 'shipping, price, shipping',
			},
			{
				inputItems: [
					{ json: { text: 'The price went up' } },
					{ json: { text: 'Shipping took a week' } },
					{ json: { text: '' } },
				],
			},
		);
		expect(items.map((item) => item.json.topic)).toEqual([
			{ label: 'price', reason: expect.any(String), modelCalls: 1 },
			{ label: 'shipping', reason: expect.any(String), modelCalls: 1 },
			{ label: 'other', reason: 'No text to classify', modelCalls: 1 },
		]);
		expect(
			bodyOf(chatCalls()[0]).response_format.json_schema.schema.properties.results.items.properties
				.label.enum,
		).toEqual(['shipping', 'price']);
		sim.reset();
		const { error } = await runModelGateway(
			sim,
			{ ...classify(), labels: 'positive' },
			{ inputItems: mentions(2) },
		);
		expect(error?.message).toMatch(/at least two labels/);
		expect(chatCalls()).toHaveLength(0);
	});

	it('settings come from the first item that passed its checks, not from a refused item 0', async () => {
		const { items } = await runModelGateway(
			sim,
			{ ...classify({ resultField: '={{ $json.field }}' }), labels: '={{ $json.labels }}' },
			{
				inputItems: [
					{ json: { text: { not: 'text' }, labels: 'positive, negative', field: 'first' } },
					{ json: { text: 'The price went up', labels: 'shipping, price', field: 'topic' } },
					{ json: { text: 'Shipping took a week', labels: 'other, labels', field: 'other' } },
				],
				continueOnFail: true,
			},
		);
		expect(items[0].json.error).toEqual(expect.any(String));
		expect(items.slice(1).map((item) => (item.json.topic as { label: string }).label)).toEqual([
			'price',
			'shipping',
		]);
		expect(
			bodyOf(chatCalls()[0]).response_format.json_schema.schema.properties.results.items.properties
				.label.enum,
		).toEqual(['shipping', 'price']);
	});
});
