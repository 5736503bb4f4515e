/**
 * One published n8n 2.41.1 (`n8n start`) for the pack behind n8n's production AI triggers, so the
 * pack install and the boot are paid once:
 *
 * - The agent of examples/brand-assistant-agent.json streaming its answer: a Webhook with Respond =
 *   Streaming in place of the manual trigger and Chat Input, the AI Agent (Enable Streaming on, its
 *   default) on the Social Gateway Chat Model. n8n streams only from a production trigger, so this
 *   is the only way to see the model's `stream()` inside the agent: every model call must go out
 *   with `stream: true`, the tool calls come back as streamed deltas and run, and the answer reaches
 *   the webhook's caller in pieces as n8n's JSON-lines stream (`begin`, `item`…, `end`).
 * - examples/social-data-mcp-server.json as shipped, reached by an MCP client of the official
 *   TypeScript SDK: it lists the tools, searches notes, reads a note's comments with their ids
 *   exact as strings (24 hexadecimal characters, as the platform writes them); and a copy with a
 *   Credit Ceiling per Hour of three calls, where four
 *   repeated calls stop at the ceiling with a clear message (the spend is kept in the workflow's
 *   static data in n8n's database between the executions of the calls).
 * - A Return All notes search stopped by its Credit Budget after two pages, run with `n8n execute`
 *   beside the server: the records of the paid pages come out, with the execution hint.
 *
 * About 3-5 minutes.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { freePort, n8nEnv } from '../../tools/n8n/n8nEnv';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import { startN8nServer, type N8nServer } from '../../tools/n8n/n8nServer';
import { publishWorkflow } from '../../tools/n8n/queueCluster';
import { runCommand, tail } from '../../tools/n8n/runCommand';
import { findRunOutput, nodeItems } from '../../tools/n8n/n8nOutput';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
	BUDGET_WALK,
	budgetStoppedWalk,
	connectMcpClient,
	connectOnce,
	loadMcpExample,
	mcpBearerCredential,
	mcpPathOf,
	mcpUrl,
	resultText,
	withHourlyCeiling,
} from './mcpServerWorkflows';

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

const MCP_TOKEN = randomBytes(24).toString('hex');
const MCP_CEILING = 0.3;
const mcpExample = loadMcpExample();
const mcpCeilingWorkflow = withHourlyCeiling(mcpExample, MCP_CEILING);

let sim: Simulator;
let session: N8nSession;
let server: N8nServer | undefined;
let editorUrl: string;
let n8n: EnsuredN8n;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
	fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts', 'agent'), { recursive: true });
	sim = await startSimulator();
	n8n = await ensureN8n({ quiet: true });
	const packTarball = await packProject({ build: true, copyFirst: true, quiet: true });
	session = await openN8nSession({
		n8n,
		workflow: streamingWorkflow(),
		moreWorkflows: [mcpExample, mcpCeilingWorkflow, budgetStoppedWalk()],
		credentials: [mcpBearerCredential(mcpExample, MCP_TOKEN)],
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
		packInstallStyle: 'n8n-ui',
		quiet: true,
	});
	const port = await freePort();
	editorUrl = `http://127.0.0.1:${port}`;
	env = n8nEnv(n8n, session.userFolder, await freePort(), {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_EXPRESSION_ENGINE: 'legacy',
	});
	for (const workflowId of [
		session.workflowId,
		String(mcpExample.id),
		String(mcpCeilingWorkflow.id),
	])
		await publishWorkflow(n8n, session.userFolder, env, workflowId);
	server = await startN8nServer({
		n8n,
		env,
		cwd: session.userFolder,
		url: editorUrl,
		logFile: path.join(session.userFolder, 'n8n.log'),
		redact: redactor([SIMULATOR_API_KEY, MCP_TOKEN]),
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

describe('AI Agent streaming on the Social Gateway Chat Model in a real n8n', () => {
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

/** Environment of an n8n CLI command beside the running server: the same database, its own task broker port. */
async function cliEnv(): Promise<NodeJS.ProcessEnv> {
	const brokerPort = await freePort();
	return n8nEnv(n8n, session.userFolder, brokerPort, {
		...env,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
	});
}

/** A workflow's static data as n8n stored it (`n8n export:workflow`, read beside the running server). */
/** The contexts of the rows n8n's deduplication store keeps for a workflow (read from its SQLite database). */
async function deduplicationContexts(workflowId: string): Promise<string[]> {
	const database = path.join(session.userFolder, '.n8n', 'database.sqlite');
	const script = `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(${JSON.stringify(database)}, { readOnly: true });
const rows = db.prepare('SELECT context FROM processed_data WHERE "workflowId" = ?').all(${JSON.stringify(workflowId)});
console.log(JSON.stringify(rows.map((row) => row.context)));`;
	const result = await runCommand(n8n.nodeBin, ['-e', script], {
		cwd: session.userFolder,
		env: await cliEnv(),
		timeoutMs: 60_000,
	});
	if (result.code !== 0)
		throw new Error(`reading processed_data failed:\n${tail(result.stdout + result.stderr)}`);
	return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as string[];
}

async function storedStaticData(workflowId: string): Promise<{ global?: Record<string, unknown> }> {
	const file = path.join(session.userFolder, `export-${workflowId}.json`);
	const result = await runCommand(
		n8n.nodeBin,
		[n8n.n8nEntry, 'export:workflow', `--id=${workflowId}`, `--output=${file}`],
		{
			cwd: session.userFolder,
			env: await cliEnv(),
			timeoutMs: 3 * 60_000,
		},
	);
	if (result.code !== 0)
		throw new Error(`n8n export:workflow failed:\n${tail(result.stdout + result.stderr)}`);
	const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as
		| { staticData?: unknown }
		| Array<{ staticData?: unknown }>;
	const exported = Array.isArray(parsed) ? parsed[0] : parsed;
	return (exported.staticData ?? {}) as { global?: Record<string, unknown> };
}

describe('MCP clients: the MCP Server Trigger example with the official TypeScript SDK', () => {
	let client: Client;
	const searchCalls = () =>
		sim.requests.filter((request) => request.endpoint?.endsWith('/search_notes'));
	const commentCalls = () =>
		sim.requests.filter((request) => request.endpoint?.endsWith('/get_note_comments'));

	beforeAll(async () => {
		sim.reset();
		client = await connectMcpClient(mcpUrl(editorUrl, mcpPathOf(mcpExample)), MCP_TOKEN);
	});
	afterAll(async () => await client?.close());

	test('lists the tools with the inputs the model fills, and refuses a client without the token', async () => {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(['Note_Comments', 'Search_Notes']);
		const inputOf = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
		expect(inputOf('Search_Notes').properties?.keyword).toMatchObject({ type: 'string' });
		expect(inputOf('Search_Notes').required).toContain('keyword');
		expect(inputOf('Note_Comments').properties?.note_id).toMatchObject({ type: 'string' });
		for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(40);

		await expect(
			connectOnce(mcpUrl(editorUrl, mcpPathOf(mcpExample)), 'not-the-token'),
		).rejects.toThrow(/403|401|Authorization/i);
		expect(searchCalls()).toHaveLength(0);
	});

	test("searches notes, then reads a note's comments: ids exact, as strings, one billed call each", async () => {
		const search = await client.callTool({ name: 'Search_Notes', arguments: { keyword: 'acme' } });
		expect(search.isError).toBeFalsy();
		const mentions = JSON.parse(resultText(search)) as Array<Record<string, unknown>>;
		const expected = sim.dataset
			.searchNotes('acme', { sort_type: 'time_descending' })
			.slice(0, 10)
			.map((hit) => hit.note.id);
		expect(mentions.map((mention) => mention.id)).toEqual(expected);
		expect(mentions.every((mention) => mention.platform === 'notes')).toBe(true);
		expect(searchCalls()).toHaveLength(1);
		expect((searchCalls()[0].input as Record<string, unknown>).keyword).toBe('acme');

		const noteId = String(mentions[0].id);
		const comments = await client.callTool({
			name: 'Note_Comments',
			arguments: { note_id: noteId },
		});
		expect(comments.isError).toBeFalsy();
		const text = resultText(comments);
		const records = JSON.parse(text) as Array<Record<string, unknown>>;
		const exact = sim.dataset
			.noteComments(noteId)
			.slice(0, 20)
			.map((comment) => String(comment.id));
		// Genuine note comment ids are 24 hexadecimal characters (simulator/recorded/README.md).
		for (const id of exact) expect(id).toMatch(/^[0-9a-f]{24}$/);
		expect(records.map((record) => record.id)).toEqual(exact);
		// Strings in the JSON the client received, character for character.
		for (const id of exact) expect(text).toContain(`"id":"${id}"`);
		expect(commentCalls().length).toBeGreaterThanOrEqual(1);
		expect(sim.ledger.billedCalls()).toBe(searchCalls().length + commentCalls().length);
		expect(text).not.toContain(SIMULATOR_API_KEY);
	});

	test('four repeated calls under a Credit Ceiling of three calls an hour: the fourth stops before its call, with a clear message', async () => {
		const ceilingClient = await connectMcpClient(
			mcpUrl(editorUrl, mcpPathOf(mcpCeilingWorkflow)),
			MCP_TOKEN,
		);
		try {
			const before = searchCalls().length;
			const answers = [];
			for (let call = 0; call < 4; call++)
				answers.push(
					await ceilingClient.callTool({ name: 'Search_Notes', arguments: { keyword: 'acme' } }),
				);
			for (const answer of answers.slice(0, 3)) {
				expect(answer.isError).toBeFalsy();
				expect(JSON.parse(resultText(answer))).toHaveLength(10);
			}
			const stopped = resultText(answers[3]);
			fs.writeFileSync(
				path.join(REPO_ROOT, 'test-artifacts', 'agent', 'mcp-ceiling-answers.json'),
				JSON.stringify(answers, null, 2),
			);
			expect(answers[3].isError).toBe(true);
			expect(stopped).toMatch(
				/Stopped before calling search_notes: the Credit Ceiling per Hour of 0\.3 credits is reached \(0\.3 credits spent in the last hour with this credential in this node; this call costs 0\.1\)\. Nothing was sent\./,
			);
			// Three billed calls, and none for the fourth.
			expect(searchCalls().length - before).toBe(3);
			// The spend is in n8n's deduplication store (the node's row; the lock's row is gone), not in static data.
			const workflowId = String(mcpCeilingWorkflow.id);
			const searchNode = mcpCeilingWorkflow.nodes.find((node) => node.name === 'Search Notes');
			expect(await deduplicationContexts(workflowId)).toEqual([`n:${searchNode?.id}`]);
			const stored = (await storedStaticData(workflowId)).global;
			expect(stored?.socialGatewaySpend).toBeUndefined();
		} finally {
			await ceilingClient.close();
		}
	});
});

describe('Spending limits in a real n8n', () => {
	test('a Return All walk stopped by the Credit Budget outputs the records of its paid pages, with an execution hint', async () => {
		sim.reset();
		const workflowId = String(budgetStoppedWalk().id);
		const result = await runCommand(
			n8n.nodeBin,
			[n8n.n8nEntry, 'execute', `--id=${workflowId}`, '--rawOutput'],
			{
				cwd: session.userFolder,
				env: await cliEnv(),
				timeoutMs: 5 * 60_000,
			},
		);
		const output = findRunOutput(result.stdout);
		if (!output)
			throw new Error(
				`n8n execute printed no run data (exit ${result.code}):\n${redactor([SIMULATOR_API_KEY])(tail(result.stdout + result.stderr))}`,
			);
		expect(output.data.resultData.error).toBeUndefined();
		const items = nodeItems(output, BUDGET_WALK);
		const [run] = output.data.resultData.runData[BUDGET_WALK];
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(items.length).toBeGreaterThan(0);
		expect(run.hints?.map((hint) => hint.message)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^search_notes: stopped after 2 pages \\(${items.length} records, all in the output\\) because page 3 was not allowed\\. Stopped before calling search_notes: .*Credit Budget of 0\\.2`,
				),
			),
		]);
		expect(result.stdout).not.toContain(SIMULATOR_API_KEY);
	});
});
