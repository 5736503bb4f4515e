import * as fs from 'node:fs';
import * as path from 'node:path';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { BrandReport } from '../../../nodes/BrandReport/BrandReport.node';
import { runNode, runWorkflow, START_NODE_TYPE } from '../../../tools/harness';
import { asItems, BRAND_REPORT_TYPE } from './setup';

/** Settings › brands as a team writes it: acme with a rule, rival without. */
const BRANDS = [
	{
		brand: 'acme',
		terms: ['acme'],
		rules: { all: ['acme'], any: ['shoes', 'sneakers'] },
		exclude: ['acme hotel'],
	},
	{ brand: 'rival', terms: ['rival'] },
];

/** A normalised mention, as Social Data outputs it, found for `brand`. */
const mention = (brand: string, n: number, title: string, extra: IDataObject = {}) => ({
	platform: 'notes',
	kind: 'post',
	postId: null,
	id: `6560d671556101570f04${String(n).padStart(4, '0')}`,
	title,
	text: '',
	query: brand,
	...extra,
});

const parameters = (extra: INodeParameters = {}): INodeParameters => ({
	operation: 'matchRules',
	brandRules: JSON.stringify(BRANDS),
	brand: '={{ $json.query }}',
	...extra,
});

async function match(items: IDataObject[], extra: INodeParameters = {}, continueOnFail = false) {
	const result = await runNode({
		node: new BrandReport(),
		type: BRAND_REPORT_TYPE,
		parameters: parameters(extra),
		inputItems: asItems(items),
		continueOnFail,
	});
	const hints = result.run.data.resultData.runData[result.nodeName].flatMap((task) =>
		(task.hints ?? []).map((hint) => hint.message),
	);
	return { items: result.items, error: result.errorOf(), hints };
}

const mentions = [
	mention('acme', 0, 'ＡＣＭＥ sneakers after a month'),
	mention('acme', 1, 'Breakfast at the Acme Hotel', { text: 'left my shoes there' }),
	mention('acme', 2, 'acmeshoes sale today'),
	mention('rival', 3, 'Anything about the rival'),
	mention('acme', 4, 'Shoes by Acme, 刚买的'),
	// A comment under a watched post: kept, the team chose the post.
	mention('acme', 5, 'so comfortable', { kind: 'comment', postId: '6560d671556101570f040000' }),
];

describe('Match Keyword Rules through n8n’s engine', () => {
	it('outputs only the mentions that pass their brand’s rule, each with its brand, paired with its input', async () => {
		const { items, error, hints } = await match(mentions);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, item.json.brand, item.pairedItem])).toEqual(
			[0, 3, 4, 5].map((n) => [mentions[n].id, mentions[n].query, { item: n }]),
		);
		expect(items[0].json).toEqual({ ...mentions[0], brand: 'acme' });
		expect(hints).toEqual(['Keyword rules kept 4 of 6 mentions; dropped 2 of acme']);
	});

	it('matches comments too when asked', async () => {
		const { items, hints } = await match(mentions, { matchComments: true });
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 3 }, { item: 4 }]);
		expect(hints).toEqual(['Keyword rules kept 3 of 6 mentions; dropped 3 of acme']);
	});

	it('reads the old exclude as before: a brand with only exclude keeps the rest', async () => {
		const { items } = await match(mentions.slice(0, 3), {
			brandRules: JSON.stringify([{ brand: 'acme', terms: ['acme'], exclude: ['acme hotel'] }]),
		});
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	});

	it('a rule that cannot be read stops the node naming the brand and the item; nothing is output', async () => {
		const broken = [BRANDS[0], { brand: 'rival', rules: { any: 'rival | rivals' } }];
		const { items, error } = await match(mentions, { brandRules: JSON.stringify(broken) });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^Field "brands\[1\]\.rules\.any" \(Brands\) of brand "rival" must be a list of terms such as \["shoes", "sneakers"\]; got "rival \| rivals" \(item 0\)$/,
		);
	});

	it('a mention whose brand is not in Brands stops the node naming the brand and the item', async () => {
		const { items, error } = await match([...mentions.slice(0, 2), mention('nova', 9, 'nova')]);
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^Field "brand" \(Brand\) names the brand "nova", which Brands does not list \(acme, rival\) \(item 2\)$/,
		);
	});

	it('under Continue On Fail the refused item is an error item and the others are matched', async () => {
		const { items } = await match([...mentions.slice(0, 2), mention('nova', 9, 'nova')], {}, true);
		expect(items.map((item) => [item.pairedItem, item.json.error ?? null])).toEqual([
			[{ item: 0 }, null],
			[{ item: 2 }, expect.stringMatching(/names the brand "nova"/)],
		]);
	});
});

describe('Check Keyword Rules through n8n’s engine', () => {
	/** Settings → Check Keyword Rules → Next, as the collector wires it before its searches. */
	async function checkThenNext(brands: IDataObject[]) {
		const result = await runWorkflow({
			workflow: {
				nodes: [
					{
						id: 'settings',
						name: 'Settings',
						type: START_NODE_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'check',
						name: 'Check Keyword Rules',
						type: BRAND_REPORT_TYPE,
						typeVersion: 1,
						position: [220, 0],
						parameters: {
							operation: 'checkRules',
							brandRules: "={{ $('Settings').first().json.brands }}",
						},
					},
					{
						id: 'next',
						name: 'Next',
						type: BRAND_REPORT_TYPE,
						typeVersion: 1,
						position: [440, 0],
						parameters: {
							operation: 'checkRules',
							brandRules: '[]',
						},
					},
				],
				connections: {
					Settings: { main: [[{ node: 'Check Keyword Rules', type: 'main', index: 0 }]] },
					'Check Keyword Rules': { main: [[{ node: 'Next', type: 'main', index: 0 }]] },
				},
			},
			nodeTypes: { [BRAND_REPORT_TYPE]: new BrandReport() },
			inputItems: asItems([{ runAt: '2026-11-25T09:00:00.000Z', brands }]),
		});
		return result;
	}

	it('passes the Settings item on unchanged when every rule reads', async () => {
		const result = await checkThenNext(BRANDS);
		expect(result.errorOf()).toBeUndefined();
		expect(result.outputOf('Check Keyword Rules').map((item) => item.json)).toEqual([
			{ runAt: '2026-11-25T09:00:00.000Z', brands: BRANDS },
		]);
		expect(result.executedNodes).toEqual(['Settings', 'Check Keyword Rules', 'Next']);
	});

	it('stops the flow on a rule that cannot be read, before the next node runs', async () => {
		const result = await checkThenNext([{ brand: 'acme', rules: { any: [''] } }]);
		expect(result.errorOf()?.message).toMatch(
			/^Field "brands\[0\]\.rules\.any\[0\]" \(Brands\) of brand "acme" must be a term of one or more words; got "" \(item 0\)$/,
		);
		expect(result.executedNodes).not.toContain('Next');
	});
});

/** A stand-in for n8n's Split Out and for a search: one item per entry of the input's `field`, paired with its input. */
class SplitField implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Split Field',
		name: 'splitField',
		group: ['transform'],
		version: 1,
		description: 'One item per entry of a list field',
		defaults: { name: 'Split Field' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Field', name: 'field', type: 'string', default: '' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().flatMap((item, index) =>
				(item.json[this.getNodeParameter('field', index) as string] as IDataObject[]).map(
					(json) => ({ json, pairedItem: { item: index } }),
				),
			),
		];
	}
}

describe('the collector’s Match Keyword Rules as shipped', () => {
	const example = (file: string) =>
		JSON.parse(
			fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', file), 'utf8'),
		) as { nodes: INode[] };
	const shippedNode = (file: string, name: string) =>
		example(file).nodes.find((node) => node.name === name)!;
	const { assignments } = shippedNode('brand-monitoring-settings-and-delivery.json', 'Settings')
		.parameters.assignments as { assignments: Array<{ name: string; value: string }> };
	const shippedBrands = JSON.parse(
		assignments.find((entry) => entry.name === 'brands')!.value,
	) as IDataObject[];

	it('takes each mention’s brand from its query (All Queries) and keeps what the shipped rules pass', async () => {
		const hit = (n: number, title: string) => mention('', n, title, { query: undefined });
		const queries = [
			{
				brand: 'acme',
				term: 'acme',
				hits: [
					hit(0, 'ＡＣＭＥ blender review'),
					hit(1, 'acmeshoes sale'),
					hit(2, 'Breakfast at the Acme Hotel'),
				],
			},
			{ brand: 'rival', term: 'rival', hits: [hit(3, 'rivalry week')] },
		];
		const split = (name: string, field: string, x: number): INode => ({
			id: name,
			name,
			type: 'test.splitField',
			typeVersion: 1,
			position: [x, 0],
			parameters: { field },
		});
		const match = shippedNode('brand-monitoring-hourly-collect.json', 'Match Keyword Rules');
		const result = await runWorkflow({
			workflow: {
				nodes: [
					{
						id: 'settings',
						name: 'Settings',
						type: START_NODE_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					split('All Queries', 'queries', 220),
					split('Search', 'hits', 440),
					{ ...match, position: [660, 0] },
				],
				connections: {
					Settings: { main: [[{ node: 'All Queries', type: 'main', index: 0 }]] },
					'All Queries': { main: [[{ node: 'Search', type: 'main', index: 0 }]] },
					Search: { main: [[{ node: 'Match Keyword Rules', type: 'main', index: 0 }]] },
				},
			},
			nodeTypes: { [BRAND_REPORT_TYPE]: new BrandReport(), 'test.splitField': new SplitField() },
			inputItems: asItems([{ brands: shippedBrands, queries }]),
		});
		expect(result.errorOf()).toBeUndefined();
		// acme: a whole word, not the exact phrase acme hotel; rival has no rules.
		expect(
			result.outputOf('Match Keyword Rules').map((item) => [item.json.title, item.json.brand]),
		).toEqual([
			['ＡＣＭＥ blender review', 'acme'],
			['rivalry week', 'rival'],
		]);
	});
});
