import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { SocialGatewayChatModel } from '../../../nodes/SocialGatewayChatModel/SocialGatewayChatModel.node';
import {
	runWorkflow,
	type HarnessWorkflowDefinition,
	simulatorCredentials,
} from '../../../tools/harness';
import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';

/**
 * The Social Gateway Chat Model inside n8n's engine: a small root node of this test takes the model
 * from its ai_languageModel input (n8n calls the sub-node's supplyData, as for the AI Agent), binds a
 * search tool and talks to the simulator — invoked and streamed, a tool call and the answer after the
 * tool result — through the model's LangChain adapter from @n8n/ai-node-sdk.
 */

let sim: Simulator;
let modelSim: Simulator;
useSimulator((started) => (sim = started));
useSimulator((started) => (modelSim = started));

const MODEL_TYPE = 'n8n-nodes-social-gateway.socialGatewayChatModel';
const ROOT_TYPE = 'test.modelUser';
const QUESTION = 'What are people saying about Acme this week, and which posts should we answer?';
const SEARCH_TOOL = {
	type: 'function',
	function: {
		name: 'Search_Notes',
		description: 'Search notes that mention a brand',
		parameters: {
			type: 'object',
			properties: { keyword: { type: 'string', description: 'The brand to search for' } },
			required: ['keyword'],
		},
	},
};

interface ModelChunk {
	content?: unknown;
	text?: string;
	tool_calls?: Array<{ id?: string; name: string; args: Record<string, unknown> }>;
	tool_call_chunks?: Array<{ id?: string; name?: string; args?: string }>;
	concat(other: ModelChunk): ModelChunk;
}

interface LanguageModel {
	bindTools(tools: unknown[]): LanguageModel;
	invoke(messages: unknown[]): Promise<ModelChunk>;
	stream(messages: unknown[]): Promise<AsyncIterable<ModelChunk>>;
}

/** Streams and joins the chunks as LangChain does; returns the joined message, the chunk count and each chunk's text. */
async function streamed(model: LanguageModel, messages: unknown[]) {
	let joined: ModelChunk | undefined;
	const pieces: string[] = [];
	for await (const chunk of await model.stream(messages)) {
		joined = joined ? joined.concat(chunk) : chunk;
		pieces.push(chunk.text ?? '');
	}
	return { joined: joined!, count: pieces.length, pieces };
}

/** What the root node reports of each exchange with the model. */
class ModelUser implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Model User',
		name: 'modelUser',
		group: ['transform'],
		version: 1,
		description: 'Test root node',
		defaults: { name: 'Model User' },
		inputs: [
			NodeConnectionTypes.Main,
			{
				type: NodeConnectionTypes.AiLanguageModel,
				required: true,
				maxConnections: 1,
				displayName: 'Model',
			},
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Stream', name: 'stream', type: 'boolean', default: false }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const stream = this.getNodeParameter('stream', 0) as boolean;
		const model = (
			(await this.getInputConnectionData(NodeConnectionTypes.AiLanguageModel, 0)) as LanguageModel
		).bindTools([SEARCH_TOOL]);
		const ask = async (messages: unknown[]) =>
			stream
				? await streamed(model, messages)
				: { joined: await model.invoke(messages), count: 1, pieces: [] };
		const first = await ask([['human', QUESTION]]);
		const call = first.joined.tool_calls?.[0];
		const results = JSON.stringify([
			{ id: '7301234567890123456', title: 'Acme blender arrived broken, terrible support' },
		]);
		const second = await ask([
			['human', QUESTION],
			{
				role: 'assistant',
				content: '',
				tool_calls: [{ id: call?.id, name: call?.name, args: call?.args }],
			},
			{ role: 'tool', content: results, tool_call_id: call?.id },
		]);
		return [
			[
				{
					json: {
						toolCalls: first.joined.tool_calls ?? [],
						firstChunks: first.count,
						answer: second.joined.text ?? '',
						secondChunks: second.count,
						secondPieces: second.pieces,
					},
				},
			],
		];
	}
}

function workflow(
	stream: boolean,
	options: Record<string, unknown> = {},
): HarnessWorkflowDefinition {
	return {
		nodes: [
			{
				id: '1',
				name: 'Start',
				type: 'test.start',
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters: {},
			},
			{
				id: '2',
				name: 'Model User',
				type: ROOT_TYPE,
				typeVersion: 1,
				position: [200, 0] as [number, number],
				parameters: { stream },
			},
			{
				id: '3',
				name: 'Social Gateway Chat Model',
				type: MODEL_TYPE,
				typeVersion: 1,
				position: [200, 200] as [number, number],
				parameters: {
					modelId: { __rl: true, mode: 'list', value: 'gemini-2.5-flash' },
					options: options as Record<string, string | number>,
				},
				credentials: { socialGatewayApi: { id: 'c1', name: 'Social Gateway' } },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Model User', type: NodeConnectionTypes.Main, index: 0 }]] },
			'Social Gateway Chat Model': {
				[NodeConnectionTypes.AiLanguageModel]: [
					[{ node: 'Model User', type: NodeConnectionTypes.AiLanguageModel, index: 0 }],
				],
			},
		},
	};
}

async function run(stream: boolean, options: Record<string, unknown> = {}) {
	const result = await runWorkflow({
		workflow: workflow(stream, options),
		nodeTypes: { [ROOT_TYPE]: new ModelUser(), [MODEL_TYPE]: new SocialGatewayChatModel() },
		credentials: simulatorCredentials(sim.url, { modelBaseUrl: modelSim.url }),
	});
	expect(result.errorOf()).toBeUndefined();
	return {
		json: result.outputOf('Model User')[0].json as {
			toolCalls: Array<{ id: string; name: string; args: unknown }>;
			firstChunks: number;
			answer: string;
			secondChunks: number;
			secondPieces: string[];
		},
	};
}

const chatBodies = () =>
	modelSim.requests
		.filter((request) => request.path === '/v1/chat/completions')
		.map((request) => JSON.parse(request.bodyText));

describe('Social Gateway Chat Model in n8n’s engine', () => {
	it('invoked: offers the tool, returns the tool call, then the answer from the tool result; Bearer at the Model Base URL', async () => {
		const { json } = await run(false, { temperature: 0.3, maxTokens: 400 });
		expect(json.toolCalls).toEqual([
			{
				id: expect.any(String),
				name: 'Search_Notes',
				args: { keyword: 'Acme' },
				type: 'tool_call',
			},
		]);
		expect(json.answer).toContain(
			'[7301234567890123456] "Acme blender arrived broken, terrible support"',
		);
		const [first, second] = chatBodies();
		expect(first).toMatchObject({
			model: 'gemini-2.5-flash',
			temperature: 0.3,
			max_tokens: 400,
			tools: [SEARCH_TOOL],
		});
		expect(first.stream).toBeUndefined();
		expect(second.messages.map((message: { role: string }) => message.role)).toEqual([
			'user',
			'assistant',
			'tool',
		]);
		expect(second.messages[1].tool_calls[0]).toMatchObject({
			id: json.toolCalls[0].id,
			function: { name: 'Search_Notes', arguments: '{"keyword":"Acme"}' },
		});
		expect(second.messages[2].tool_call_id).toBe(json.toolCalls[0].id);
		expect(
			modelSim.requests.every(
				(request) => request.headers.authorization === `Bearer ${SIMULATOR_API_KEY}`,
			),
		).toBe(true);
		expect(sim.requests).toHaveLength(0);
	});

	it('streamed: the tool call joined from its deltas, the answer in several pieces', async () => {
		const { json } = await run(true);
		expect(json.toolCalls).toEqual([
			expect.objectContaining({ name: 'Search_Notes', args: { keyword: 'Acme' } }),
		]);
		expect(json.firstChunks).toBeGreaterThan(2);
		expect(json.secondChunks).toBeGreaterThan(2);
		expect(json.answer).toContain('[7301234567890123456]');
		const bodies = chatBodies();
		expect(bodies.map((body) => body.stream)).toEqual([true, true]);
		expect(bodies[0].temperature).toBe(0.7);
	});

	it.each([
		['invoked', false],
		['streamed', true],
	])(
		'%s: a key the service echoes in its answer never reaches the agent, not even cut over chunks',
		async (_mode, stream) => {
			const plain = await run(stream);
			modelSim.faults.queue(
				{ endpoint: '/v1/chat/completions', modelAnswer: 'echo-key' },
				{ endpoint: '/v1/chat/completions', modelAnswer: 'echo-key' },
			);
			const { json } = await run(stream);
			expect(modelSim.faults.pending).toHaveLength(0);
			expect(json.answer).toBe(
				`Your key is ***, encoded ***, base64 ***, base64url ***. ${plain.json.answer}`,
			);
			const keyBytes = Buffer.from(SIMULATOR_API_KEY, 'utf8');
			const percent = [...keyBytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`);
			const forms = [
				SIMULATOR_API_KEY,
				percent.join(''),
				keyBytes.toString('base64'),
				keyBytes.toString('base64url'),
			];
			const seen = JSON.stringify(json) + json.secondPieces.join('');
			for (const form of forms) expect(seen).not.toContain(form);
			if (stream) expect(json.secondPieces.length).toBeGreaterThan(10);
		},
	);
});
