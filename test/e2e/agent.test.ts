/**
 * n8n's own AI Agent (Tools Agent, typeVersion 3.1) in a real n8n 2.41.1 with the pack's Social Data
 * node attached twice as a tool (`socialDataTool`, the keyword from `$fromAI()`), asked "What are
 * people saying about acme this week, and which posts should we answer?" — once on the pack's
 * Social Gateway Chat Model (examples/brand-assistant-agent.json as shipped), once on n8n's own
 * OpenAI Chat Model pointed at the simulator's `/v1` with an OpenAI credential. The simulator's
 * models are deterministic: they call the search tools offered, then answer from the tool results.
 *
 * Checked from the simulator's request log and n8n's run data: the model was offered both tools in
 * the OpenAI wire format, called them with valid arguments, the tools' data calls carried the
 * keyword, ids came back as strings, the tool results went back as `tool` messages, and the final
 * answer quotes ids and titles that only the tool results held. The pack is installed as n8n's
 * Settings > Community Nodes does (peer dependencies left out), so the SDK is the one n8n bundles.
 * 2-5 minutes a run on a loaded machine.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, type RecordedRequest, type Simulator } from '../../simulator';
import type { ImportableCredential, WorkflowJson } from '../../tools/n8n/credentials';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import { nodeItems, type ExecutionItem, type RunOutput } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow, type WorkflowRunResult } from '../../tools/n8n/workflowRunner';
import { useSimulator } from '../support/useSimulator';

jest.setTimeout(20 * 60_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'brand-assistant-agent.json');
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'agent');
const AGENT = 'AI Agent';
const OUR_MODEL = 'Social Gateway Chat Model';
const TOOLS = ['Search Notes', 'Search Articles'];
/** n8n's tool names: the node names with spaces as underscores. */
const TOOL_NAMES = ['Search_Articles', 'Search_Notes'];
const ENDPOINT_OF_TOOL: Record<string, string> = {
	Search_Notes: 'search_notes',
	Search_Articles: 'fetch_search',
};

interface WireToolCall {
	id: string;
	function: { name: string; arguments: string };
}

interface ChatBody {
	model: string;
	stream?: boolean;
	messages: Array<{
		role: string;
		content: unknown;
		tool_calls?: WireToolCall[];
		tool_call_id?: string;
	}>;
	tools?: Array<{
		type: string;
		function: {
			name: string;
			description: string;
			parameters: { properties?: Record<string, { type?: string }>; required?: string[] };
		};
	}>;
}

function loadExample(): WorkflowJson {
	return JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
}

/** The same workflow with n8n's OpenAI Chat Model in place of ours, on an OpenAI credential whose base URL is the simulator. */
function withOpenAiChatModel(
	workflow: WorkflowJson,
	credential: ImportableCredential,
): WorkflowJson {
	const nodes = workflow.nodes.map((node) =>
		node.name === OUR_MODEL
			? {
					id: node.id,
					name: 'OpenAI Chat Model',
					type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
					typeVersion: 1.3,
					position: node.position,
					// The gateway speaks chat completions, not OpenAI's Responses API (the node's default from 1.3).
					parameters: {
						model: { __rl: true, mode: 'id', value: 'gemini-2.5-flash' },
						responsesApiEnabled: false,
						options: { temperature: 0.2 },
					},
					credentials: { openAiApi: { id: credential.id, name: credential.name } },
				}
			: node,
	);
	const { [OUR_MODEL]: modelConnections, ...otherConnections } = workflow.connections;
	const connections = { ...otherConnections, 'OpenAI Chat Model': modelConnections };
	return { ...workflow, id: 'e2eAgentOnOpenAiModel', nodes, connections };
}

const chatCalls = (requests: RecordedRequest[]) =>
	requests
		.filter((request) => request.path.endsWith('/chat/completions'))
		.map((request) => JSON.parse(request.bodyText) as ChatBody);
/** Data calls (`POST /api/v1/...`), named by their endpoint's last path segment. */
const dataCalls = (requests: RecordedRequest[]) =>
	requests.filter((request) => request.endpoint?.startsWith('/api/'));
const endpointName = (request: RecordedRequest) => request.endpoint?.split('/').pop();

function agentAnswer(output: RunOutput): string {
	const [item] = nodeItems(output, AGENT);
	expect(item).toBeDefined();
	return String(item.json.output ?? '');
}

/** Every mention the tool nodes output, over all their runs (the agent runs them as nodes of the execution). */
function toolMentions(output: RunOutput, toolNode: string): ExecutionItem[] {
	const runs = output.data.resultData.runData[toolNode] ?? [];
	return runs.flatMap(
		(run) =>
			run.data?.main?.flatMap((items) => items ?? []) ??
			(run.data as Record<string, ExecutionItem[][]> | undefined)?.ai_tool?.flat() ??
			[],
	);
}

/** Keeps the run data and the model requests of a run for people to read (test-artifacts/agent/). */
function keep(name: string, result: WorkflowRunResult, requests: RecordedRequest[]) {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	fs.writeFileSync(
		path.join(ARTIFACTS, `${name}.run.json`),
		JSON.stringify(result.output, null, 2),
	);
	fs.writeFileSync(
		path.join(ARTIFACTS, `${name}.model-requests.json`),
		JSON.stringify(chatCalls(requests), null, 2),
	);
}

function checkAgentRun(result: WorkflowRunResult, requests: RecordedRequest[], modelPath: string) {
	expect(failureReport(result)).toBe('');
	const chats = chatCalls(requests);
	expect(
		requests
			.filter((request) => request.path.endsWith('/chat/completions'))
			.every((request) => request.path === modelPath),
	).toBe(true);
	// Turn 1: the question and both tools in the wire format; turn 2: both tool results as `tool` messages.
	expect(chats.length).toBe(2);
	const [first, second] = chats;
	expect(first.model).toBe('gemini-2.5-flash');
	expect(
		first.messages.some(
			(message) =>
				message.role === 'user' && String(message.content).includes('people saying about acme'),
		),
	).toBe(true);
	expect(first.tools?.map((tool) => tool.function.name).sort()).toEqual(TOOL_NAMES);
	for (const tool of first.tools ?? []) {
		expect(tool.type).toBe('function');
		expect(tool.function.parameters.properties?.keyword?.type).toBe('string');
		expect(tool.function.parameters.required).toContain('keyword');
	}
	// The agent replays the calls the model made (n8n writes one assistant message per call), each answered by a `tool` message.
	const toolCalls = second.messages.flatMap((message) =>
		message.role === 'assistant' ? (message.tool_calls ?? []) : [],
	);
	expect(toolCalls.map((call) => call.function.name).sort()).toEqual(TOOL_NAMES);
	for (const call of toolCalls)
		expect(JSON.parse(call.function.arguments)).toMatchObject({ keyword: 'acme' });
	const toolMessages = second.messages.filter((message) => message.role === 'tool');
	expect(toolMessages.map((message) => message.tool_call_id).sort()).toEqual(
		toolCalls.map((call) => call.id).sort(),
	);

	// The tools' data calls: one per tool, the keyword the model chose, in the wire shape the spec asks for.
	const data = dataCalls(requests);
	expect(data.map(endpointName).sort()).toEqual(Object.values(ENDPOINT_OF_TOOL).sort());
	for (const request of data)
		expect((request.input as Record<string, unknown>).keyword).toBe('acme');

	// What the tools returned: mentions whose ids are strings (64-bit ids included), sent back to the model.
	const answer = agentAnswer(result.output);
	const quoted = [...answer.matchAll(/\[([^\]\s,]+)\]/g)].map((match) => match[1]);
	expect(quoted.length).toBeGreaterThan(0);
	const returned = TOOLS.flatMap((tool) => toolMentions(result.output, tool));
	expect(returned.length).toBeGreaterThan(0);
	const toolText = toolMessages.map((message) => String(message.content)).join('\n');
	for (const id of new Set(quoted)) expect(toolText).toContain(`"${id}"`);
	expect(answer).toMatch(/From the tool results: \d+ posts mention acme/);
	const firstQuotedLine = answer.split('\n').find((line) => line.startsWith('- ['));
	const title = /"(.+)"$/.exec(firstQuotedLine ?? '')?.[1];
	expect(title && toolText.includes(title.slice(0, 30))).toBe(true);
	return { answer, toolText };
}

describe('AI Agent with the pack in a real n8n', () => {
	let sim: Simulator;
	let tarball: string;

	useSimulator((started) => (sim = started));
	beforeAll(async () => {
		tarball = await packProject({ build: true, copyFirst: true, quiet: true });
	});

	test('on the Social Gateway Chat Model: tools called with the keyword, ids as strings, the answer built from the tool results', async () => {
		const result = await runWorkflow({
			workflow: loadExample(),
			gatewayUrl: sim.url,
			apiKey: SIMULATOR_API_KEY,
			packTarball: tarball,
			packInstallStyle: 'n8n-ui',
			env: { N8N_EXPRESSION_ENGINE: 'legacy' },
			quiet: true,
		});
		keep('social-gateway-chat-model', result, sim.requests);
		const { answer, toolText } = checkAgentRun(result, sim.requests, '/v1/chat/completions');
		// Ids of the tool results are JSON strings; the simulator's 64-bit ids come through digit for digit.
		expect(toolText).toMatch(/"id":"\d{16,20}"/);
		expect(toolText).not.toMatch(/"id":\d/);
		// The model call went with the key as the credential applies it, never in the body.
		const modelRequest = sim.requests.find((request) => request.path === '/v1/chat/completions');
		expect(modelRequest?.headers.authorization).toBe(`Bearer ${SIMULATOR_API_KEY}`);
		expect(modelRequest?.bodyText).not.toContain(SIMULATOR_API_KEY);
		console.log(`AI Agent on the Social Gateway Chat Model answered:\n${answer}`);
	});

	test("on n8n's own OpenAI Chat Model with the base URL set to the gateway: the same tools, calls and answer", async () => {
		const openAi: ImportableCredential = {
			id: 'e2eOpenAiOnGateway',
			name: 'OpenAI API (gateway)',
			type: 'openAiApi',
			data: { apiKey: SIMULATOR_API_KEY, url: `${sim.url}/v1` },
		};
		const result = await runWorkflow({
			workflow: withOpenAiChatModel(loadExample(), openAi),
			gatewayUrl: sim.url,
			apiKey: SIMULATOR_API_KEY,
			credentials: [openAi],
			packTarball: tarball,
			packInstallStyle: 'n8n-ui',
			env: { N8N_EXPRESSION_ENGINE: 'legacy' },
			quiet: true,
		});
		keep('openai-chat-model', result, sim.requests);
		const { answer } = checkAgentRun(result, sim.requests, '/v1/chat/completions');
		console.log(`AI Agent on n8n's OpenAI Chat Model answered:\n${answer}`);
	});
});
