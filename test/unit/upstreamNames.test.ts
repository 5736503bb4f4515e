import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { ModelGateway } from '../../nodes/ModelGateway/ModelGateway.node';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialGatewayChatModel } from '../../nodes/SocialGatewayChatModel/SocialGatewayChatModel.node';
import { ENDPOINTS } from '../../nodes/SocialData/descriptor';
import type { RecordedRequest, Simulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';
import { operationParameters, runSocialData } from '../workflow/socialData/setup';
import { runModelGateway } from '../workflow/modelGateway/setup';

// With the default credential (Interface Names left alone), nothing the pack sends carries a word
// of the interface document's neutral vocabulary: not in a path, a body, a header, nor a model id
// the nodes choose by default.

const NEUTRAL_WORDS = [
	'shortvideo',
	'/notes/',
	'/channels/',
	'mparticles',
	'mpsearch',
	'<PROVIDER>',
	'compat-version',
	'gm-',
	'img-',
];

/** Everything of a request that went on the wire, as one text. */
const wireTextOf = (request: RecordedRequest) =>
	[
		request.method,
		request.path,
		JSON.stringify(request.query),
		JSON.stringify(request.headers),
		request.bodyText,
	].join('\n');

const neutralWordsIn = (text: string) => NEUTRAL_WORDS.filter((word) => text.includes(word));

/** Every model operation with only what it cannot do without: the model is the node's default. */
const MODEL_OPERATIONS: Array<[string, INodeParameters]> = [
	[
		'text › generate',
		{
			resource: 'text',
			operation: 'generate',
			messages: { values: [{ role: 'user', text: 'Hi' }] },
		},
	],
	[
		'chat › complete',
		{
			resource: 'chat',
			operation: 'complete',
			messages: { values: [{ role: 'user', content: 'Hi' }] },
		},
	],
	[
		'chat › classify',
		{ resource: 'chat', operation: 'classify', text: 'I love it', labels: 'positive, negative' },
	],
	[
		'message › create',
		{
			resource: 'message',
			operation: 'create',
			messages: { values: [{ role: 'user', content: 'Hi' }] },
			max_tokens: 50,
		},
	],
	['image › generate', { resource: 'image', operation: 'generate', prompt: 'A lighthouse' }],
	['image › predict', { resource: 'image', operation: 'predict', prompt: 'A lighthouse' }],
	[
		'speech › generate',
		{ resource: 'speech', operation: 'generate', text: 'Good morning', voiceName: 'Puck' },
	],
	['embedding › embed', { resource: 'embedding', operation: 'embed', text: 'hello' }],
	[
		'native › call',
		{
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			action: 'countTokens',
			body: '{"contents":[{"parts":[{"text":"Hi"}]}]}',
		},
	],
	['model › get', { resource: 'model', operation: 'get' }],
	['model › list', { resource: 'model', operation: 'list' }],
];

describe('upstream names (the default): no neutral word goes on the wire', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started));

	it.each(ENDPOINTS.map((endpoint) => [endpoint.group, endpoint.name]))(
		'social data %s › %s',
		async (resource, operation) => {
			const parameters = {
				resource,
				operation,
				...operationParameters(sim.dataset.ids, resource, operation),
			};
			const { error } = await runSocialData(sim, parameters);
			expect(error).toBeUndefined();
			expect(sim.requests.length).toBeGreaterThan(0);
			for (const request of sim.requests) expect(neutralWordsIn(wireTextOf(request))).toEqual([]);
			const [envelope] = sim.requests
				.filter((request) => request.path === '/api/v1/run')
				.map((request) => JSON.parse(request.bodyText));
			expect(envelope.provider).toBe('tikhub');
		},
	);

	it('gateway › run given a path in the neutral words sends the real one', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/mpsearch/v2/fetch_search',
			input: JSON.stringify({ keyword: sim.dataset.ids.keyword }),
		});
		expect(error).toBeUndefined();
		expect(sim.requests).toHaveLength(1);
		expect(neutralWordsIn(wireTextOf(sim.requests[0]))).toEqual([]);
		expect(JSON.parse(sim.requests[0].bodyText).endpoint).toBe(
			'/api/v1/wechat_search/v2/fetch_search',
		);
	});

	it.each(MODEL_OPERATIONS)('%s with its default model', async (_name, parameters) => {
		const { items, error } = await runModelGateway(sim, parameters);
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(sim.requests.length).toBeGreaterThan(0);
		for (const request of sim.requests) expect(neutralWordsIn(wireTextOf(request))).toEqual([]);
	});

	it('message › create sends anthropic-version', async () => {
		await runModelGateway(sim, MODEL_OPERATIONS.find(([name]) => name === 'message › create')![1]);
		expect(sim.requests[0].headers['anthropic-version']).toBe('2023-06-01');
	});

	it.each<[string, INodeTypeDescription]>([
		['Social Data', new SocialData().description],
		['Model Gateway', new ModelGateway().description],
		['Social Gateway Chat Model', new SocialGatewayChatModel().description],
	])(
		'%s: no default, placeholder or description names a neutral model id or path',
		(_name, description) => {
			expect(neutralWordsIn(JSON.stringify(description))).toEqual([]);
		},
	);
});
