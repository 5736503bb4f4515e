/**
 * The agent of examples/brand-assistant-agent.json streaming its answer in a real n8n 2.41.1
 * (`n8n start`, the workflow published): a Webhook with Respond = Streaming in place of the manual
 * trigger and Chat Input, the AI Agent (Enable Streaming on, its default) on the Social Gateway Chat
 * Model. n8n streams only from a production trigger, so this is the only way to see the model's
 * `stream()` inside the agent: every model call must go out with `stream: true`, the tool calls come
 * back as streamed deltas and run, and the answer reaches the webhook's caller in pieces as n8n's
 * JSON-lines stream (`begin`, `item`…, `end`). About 2-4 minutes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { freePort, n8nEnv } from '../../tools/n8n/n8nEnv';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import { startN8nServer, type N8nServer } from '../../tools/n8n/n8nServer';
import { publishWorkflow } from '../../tools/n8n/queueCluster';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';

jest.setTimeout(20 * 60_000);

const WEBHOOK_PATH = 'brand-assistant';
const QUESTION = 'What are people saying about acme this week, and which posts should we answer?';
const REPLACED = new Set([
	'Sticky Note',
	'When clicking \u2018Execute workflow\u2019',
	'Chat Input',
]);

/** The example with a streaming Webhook feeding the agent. */
function streamingWorkflow(): WorkflowJson {
	const example = JSON.parse(
		fs.readFileSync(path.join(REPO_ROOT, 'examples', 'brand-assistant-agent.json'), 'utf8'),
	) as WorkflowJson;
	const nodes = example.nodes.filter((node) => !REPLACED.has(String(node.name)));
	const agent = nodes.find((node) => node.name === 'AI Agent')!;
	agent.parameters = {
		...(agent.parameters as Record<string, unknown>),
		text: '={{ $json.body.chatInput }}',
	};
	nodes.push({
		id: '2f0c8f7e-6a0e-4d3c-9d7e-5c1b0a9e4f11',
		name: 'Question',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [380, 0],
		webhookId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
		parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'streaming', options: {} },
	});
	const connections = Object.fromEntries(
		Object.entries(example.connections).filter(([from]) => !REPLACED.has(from)),
	);
	connections.Question = { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] };
	return {
		...example,
		id: 'e2eAgentStreaming',
		name: 'Brand assistant (streaming)',
		nodes,
		connections,
	};
}

interface StreamLine {
	type: string;
	content?: string;
}

describe('AI Agent streaming on the Social Gateway Chat Model in a real n8n', () => {
	let sim: Simulator;
	let session: N8nSession;
	let server: N8nServer | undefined;
	let editorUrl: string;

	beforeAll(async () => {
		fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts', 'agent'), { recursive: true });
		sim = await startSimulator();
		const n8n = await ensureN8n({ quiet: true });
		const packTarball = await packProject({ build: true, copyFirst: true, quiet: true });
		session = await openN8nSession({
			n8n,
			workflow: streamingWorkflow(),
			gatewayUrl: sim.url,
			apiKey: SIMULATOR_API_KEY,
			packTarball,
			packInstallStyle: 'n8n-ui',
			quiet: true,
		});
		const port = await freePort();
		editorUrl = `http://127.0.0.1:${port}`;
		const env = n8nEnv(n8n, session.userFolder, await freePort(), {
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_DISABLED_MODULES: 'mcp-registry',
			N8N_EXPRESSION_ENGINE: 'legacy',
		});
		await publishWorkflow(n8n, session.userFolder, env, session.workflowId);
		server = await startN8nServer({
			n8n,
			env,
			cwd: session.userFolder,
			url: editorUrl,
			logFile: path.join(session.userFolder, 'n8n.log'),
			redact: redactor([SIMULATOR_API_KEY]),
		});
	});
	afterAll(async () => {
		await server?.stop();
		const log = session && path.join(session.userFolder, 'n8n.log');
		if (log && fs.existsSync(log))
			fs.copyFileSync(log, path.join(REPO_ROOT, 'test-artifacts', 'agent', 'streaming-n8n.log'));
		session?.close();
		await sim?.close();
	});

	test('the model streams (tool calls, then the answer) and the answer reaches the caller in pieces', async () => {
		// n8n answers readiness before it has activated the published workflows: 404 until the webhook is registered.
		const ask = () =>
			fetch(`${editorUrl}/webhook/${WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ chatInput: QUESTION }),
			});
		let response = await ask();
		for (
			const started = Date.now();
			response.status === 404 && Date.now() - started < 120_000;
			response = await ask()
		) {
			await response.arrayBuffer();
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
		expect(response.status).toBe(200);
		const pieces: string[] = [];
		const decoder = new TextDecoder();
		for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>)
			pieces.push(decoder.decode(bytes, { stream: true }));
		const body = pieces.join('');
		fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts', 'agent'), { recursive: true });
		fs.writeFileSync(
			path.join(REPO_ROOT, 'test-artifacts', 'agent', 'streaming-response.jsonl'),
			body,
		);

		const lines = body
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as StreamLine);
		const items = lines.filter((line) => line.type === 'item');
		expect(lines.map((line) => line.type)).toEqual(
			expect.arrayContaining(['begin', 'item', 'end']),
		);
		expect(items.length).toBeGreaterThan(2);
		const answer = items.map((line) => line.content ?? '').join('');
		expect(answer).toMatch(/From the tool results: \d+ posts mention acme/);

		const chats = sim.requests
			.filter((request) => request.path === '/v1/chat/completions')
			.map((request) => JSON.parse(request.bodyText));
		expect(chats.length).toBe(2);
		expect(chats.map((chat) => chat.stream)).toEqual([true, true]);
		const calls = chats[1].messages.flatMap(
			(message: { tool_calls?: Array<{ function: { name: string; arguments: string } }> }) =>
				message.tool_calls ?? [],
		);
		expect(calls.map((call: { function: { name: string } }) => call.function.name).sort()).toEqual([
			'Search_Articles',
			'Search_Notes',
		]);
		for (const call of calls)
			expect(JSON.parse(call.function.arguments)).toMatchObject({ keyword: 'acme' });
		const dataCalls = sim.requests.filter((request) => request.endpoint?.startsWith('/api/'));
		expect(dataCalls).toHaveLength(2);
		// Every id the answer quotes came from a tool result.
		const toolText = chats[1].messages
			.filter((message: { role: string }) => message.role === 'tool')
			.map((message: { content: string }) => message.content)
			.join('\n');
		const quoted = [...answer.matchAll(/\[([^\]\s,]+)\]/g)].map((match) => match[1]);
		expect(quoted.length).toBeGreaterThan(0);
		for (const id of quoted) expect(toolText).toContain(`"${id}"`);
	});
});
