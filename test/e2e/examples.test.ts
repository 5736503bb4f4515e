/**
 * Every workflow in examples/ as a user gets it: each file imports with
 * `n8n import:workflow --input=<file>` into a real n8n 2.41.1 with the packed pack installed, and
 * each one with a manual trigger runs as shipped — nothing in the file changed — against a fresh
 * simulator, succeeds, and bills no data call on a placeholder value (the simulator's ledger and
 * request log, read over HTTP). The brand-monitoring pair keeps its history in n8n's Data Tables,
 * which `n8n execute` does not load: test/e2e/brandMonitoring.test.ts runs it in a started n8n
 * behind webhooks standing in for its schedules. The MCP Server Trigger example needs a running n8n and an MCP
 * client: test/e2e/agentStreaming.test.ts publishes it as shipped and calls its tools. Only the
 * credentials the files reference are created, with the ids and names the files use: the Social
 * Gateway credential points at the simulator, an SMTP credential at a local sink, and a bearer
 * token for the MCP Server Trigger.
 *
 * One n8n user folder for all files. Each file is imported on its own, as a user does it:
 * `import:workflow --separate --input=<folder>` would be one boot instead of one per file, but it
 * gives a file without an `id` a new one, so it cannot catch the files that fail alone.
 * About 2-3 minutes with the n8n cache in place on an idle machine (6 minutes beside other
 * real-n8n tests): build and pack ~15 s, pack install ~15 s, ~5 s per import and ~6-15 s per
 * execution (each CLI call boots n8n).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, type RecordedRequest, type Simulator } from '../../simulator';
import { SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { installPack, packProject } from '../../tools/n8n/installPack';
import { freePort, n8nEnv } from '../../tools/n8n/n8nEnv';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import {
	errorMessages,
	findRunOutput,
	type ExecutionItem,
	type NodeRun,
	type RunOutput,
} from '../../tools/n8n/n8nOutput';
import { runCommand, tail, type CommandResult } from '../../tools/n8n/runCommand';
import { smtpSinkCredential, startSmtpSink, type SmtpSink } from '../../tools/smtpSink';
import { describeChatDelivery } from './chatDelivery';
import { redactor } from '../../tools/n8n/workflowRunner';
import { useSimulator } from '../support/useSimulator';

jest.setTimeout(30 * 60_000);

const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
const PACK_PREFIX = 'n8n-nodes-social-gateway.';
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const GATEWAY_CREDENTIAL = 'socialGatewayApi';

/** Text a user is meant to replace: no data call may carry it, and no pack node ships it. */
const PLACEHOLDER =
	/replace[-_ ]?(?:with|me)|\byour[-_ ]|<[^<>\n]*>|placeholder|changeme|\bTODO\b|x{4,}/i;

interface ExampleNode {
	id?: string;
	name: string;
	type: string;
	typeVersion?: number;
	position?: unknown;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id?: string | null; name: string }>;
	disabled?: boolean;
}

interface ExampleWorkflow {
	id?: unknown;
	name?: unknown;
	nodes: ExampleNode[];
	connections: Record<string, { main?: Array<Array<{ node: string }> | null> }>;
	settings?: unknown;
	active?: unknown;
}

interface Example {
	file: string;
	workflow: ExampleWorkflow;
}

const examples: Example[] = fs
	.readdirSync(EXAMPLES_DIR)
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => ({
		file,
		workflow: JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as ExampleWorkflow,
	}));

const FILES = examples.map((example) => example.file);
const example = (file: string) => examples.find((entry) => entry.file === file) as Example;
/** n8n loads its data-table module only in `n8n start`, webhook and worker processes, not in `n8n execute`. */
const usesDataTables = ({ workflow }: Example) =>
	workflow.nodes.some((node) => node.type === 'n8n-nodes-base.dataTable');
const isRunnable = (entry: Example) =>
	entry.workflow.nodes.some((node) => node.type === MANUAL_TRIGGER && !node.disabled) &&
	!usesDataTables(entry);
const RUNNABLE = examples.filter(isRunnable).map((entry) => entry.file);

describe('the example files', () => {
	it('are there: the flagship, one per Social Data resource, Model Gateway and Avatar Assets', () => {
		expect(FILES).toEqual(
			expect.arrayContaining([
				'brand-monitoring-daily-report.json',
				'social-data-short-video.json',
				'social-data-notes.json',
				'social-data-channels.json',
				'social-data-articles.json',
				'social-data-search.json',
				'model-gateway-text-and-embeddings.json',
				'avatar-assets-group-and-upload.json',
			]),
		);
	});

	it('have distinct workflow ids (an import with a known id replaces that workflow)', () => {
		const ids = examples.map(({ workflow }) => workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it.each(FILES)(
		'%s: a whole n8n workflow (id, name, nodes, connections, settings, inactive)',
		(file) => {
			const { workflow } = example(file);
			expect(typeof workflow.id).toBe('string');
			expect(String(workflow.id)).toMatch(/^[A-Za-z0-9]{1,21}$/);
			expect(typeof workflow.name).toBe('string');
			expect(Array.isArray(workflow.nodes)).toBe(true);
			expect(typeof workflow.connections).toBe('object');
			expect(typeof workflow.settings).toBe('object');
			expect(workflow.active).toBe(false);
			const names = workflow.nodes.map((node) => node.name);
			expect(new Set(names).size).toBe(names.length);
			for (const node of workflow.nodes) {
				expect(node).toEqual(
					expect.objectContaining({
						name: expect.any(String),
						type: expect.any(String),
						typeVersion: expect.any(Number),
						position: expect.any(Array),
					}),
				);
			}
			for (const [source, outputs] of Object.entries(workflow.connections)) {
				expect(names).toContain(source);
				for (const target of (outputs.main ?? []).flatMap((list) => list ?? []))
					expect(names).toContain(target.node);
			}
		},
	);

	it.each(FILES)(
		'%s: sticky notes say what to set, and every pack node that calls the gateway names its credential',
		(file) => {
			const { workflow } = example(file);
			const notes = workflow.nodes
				.filter((node) => node.type === STICKY_NOTE)
				.map((node) => String(node.parameters?.content ?? ''));
			expect(notes.length).toBeGreaterThan(0);
			expect(notes.join('\n')).toMatch(/credential/i);
			// Brand Report renders what it is given: it has no credential and calls nothing.
			const calling = workflow.nodes.filter(
				(entry) => entry.type.startsWith(PACK_PREFIX) && entry.type !== `${PACK_PREFIX}brandReport`,
			);
			for (const node of calling) {
				expect(node.credentials?.[GATEWAY_CREDENTIAL]).toEqual({
					id: expect.any(String),
					name: expect.any(String),
				});
			}
		},
	);

	it.each(FILES)('%s: the data and avatar nodes ship real values, not placeholders', (file) => {
		const { workflow } = example(file);
		const shipped = workflow.nodes.filter(
			(node) =>
				node.type === `${PACK_PREFIX}socialData` || node.type === `${PACK_PREFIX}avatarAssets`,
		);
		for (const node of shipped)
			expect(`${node.name}: ${JSON.stringify(node.parameters)}`).not.toMatch(PLACEHOLDER);
	});

	it('no Social Data node uses the old Node Options collection', () => {
		for (const { workflow } of examples) {
			for (const node of workflow.nodes)
				expect(node.parameters ?? {}).not.toHaveProperty('nodeOptions');
		}
	});
});

interface ExampleRun {
	command: CommandResult;
	output?: RunOutput;
	ok: boolean;
	report: string;
	requests: RecordedRequest[];
	ledger: {
		entries: Array<{ endpoint: string; credits: number; status: number }>;
		billedCalls: number;
		credits: number;
	};
	mails: SmtpSink['messages'];
}

/** Items of every output of a node run: `main`, and `ai_languageModel` / `ai_tool` of sub-nodes and tools under an AI Agent. */
function outputItems(nodeRun: NodeRun): ExecutionItem[] {
	return Object.values(
		(nodeRun.data ?? {}) as Record<string, Array<ExecutionItem[] | null>>,
	).flatMap((outputs) => outputs.flatMap((list) => list ?? []));
}

describe('the example files in a real n8n 2.41', () => {
	let n8n: EnsuredN8n;
	let sim: Simulator;
	let smtp: SmtpSink;
	let scratch: string;
	let userFolder: string;
	let redact: (text: string) => string;
	const imported = new Map<string, CommandResult>();
	const runs = new Map<string, ExampleRun>();
	let listed = '';
	/** The n8n CLI in this user folder (each call boots n8n). */
	let cli: (args: string[], timeoutMs?: number) => Promise<CommandResult>;

	useSimulator((started) => (sim = started), { reset: 'never' });
	beforeAll(async () => {
		n8n = await ensureN8n({ quiet: true });
		smtp = await startSmtpSink();
		redact = redactor([SIMULATOR_API_KEY]);
		scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-examples-'));
		const tarball = await packProject({
			build: true,
			copyFirst: true,
			destination: scratch,
			quiet: true,
		});
		userFolder = path.join(scratch, 'user');
		fs.mkdirSync(userFolder);
		const env = n8nEnv(n8n, userFolder, await freePort());
		cli = (args: string[], timeoutMs = 5 * 60_000) =>
			runCommand(n8n.nodeBin, [n8n.n8nEntry, ...args], { cwd: userFolder, env, timeoutMs });
		await installPack(userFolder, tarball, { style: 'n8n-ui', quiet: true });

		const credentialsFile = path.join(userFolder, 'credentials.import.json');
		fs.writeFileSync(credentialsFile, JSON.stringify(credentialsFor(sim, smtp)), { mode: 0o600 });
		const credentialImport = await cli(['import:credentials', `--input=${credentialsFile}`]);
		fs.rmSync(credentialsFile);
		if (credentialImport.code !== 0)
			throw new Error(
				`import:credentials failed:\n${redact(tail(credentialImport.stdout + credentialImport.stderr))}`,
			);

		for (const { file } of examples)
			imported.set(
				file,
				await cli(['import:workflow', `--input=${path.join(EXAMPLES_DIR, file)}`]),
			);
		listed = (await cli(['list:workflow'])).stdout;

		for (const file of RUNNABLE) {
			if (imported.get(file)?.code !== 0) continue;
			await simAdmin('POST', 'reset');
			const mailsBefore = smtp.messages.length;
			const command = await cli([
				'execute',
				`--id=${String(example(file).workflow.id)}`,
				'--rawOutput',
			]);
			const output = findRunOutput(command.stdout);
			// n8n 2.41.1's CLI sometimes crashes on shutdown after the run data is out (see tools/n8n/workflowRunner.ts).
			const exitedWell =
				command.code === 0 || (command.signal === 'SIGSEGV' && output?.finished === true);
			const ok = exitedWell && output !== undefined && !output.data.resultData.error;
			runs.set(file, {
				command,
				output,
				ok,
				report: ok ? '' : failureOf(command, output, redact),
				requests: (await simAdmin('GET', 'requests')) as RecordedRequest[],
				ledger: (await simAdmin('GET', 'ledger')) as ExampleRun['ledger'],
				mails: smtp.messages.slice(mailsBefore),
			});
		}
	});

	afterAll(async () => {
		await smtp?.close();
		if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
	});

	/** The simulator's control endpoints, over HTTP as a user's tooling would read them. */
	async function simAdmin(method: 'GET' | 'POST', route: string): Promise<unknown> {
		const answer = await fetch(`${sim.url}/__sim/${route}`, {
			method,
			...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
		});
		if (answer.status !== 200) throw new Error(`GET /__sim/${route} answered ${answer.status}`);
		return await answer.json();
	}

	it.each(FILES)('%s imports with `n8n import:workflow --input=<file>`', (file) => {
		const result = imported.get(file) as CommandResult;
		expect({ code: result.code, errors: errorMessages(result.stdout).map(redact) }).toEqual({
			code: 0,
			errors: [],
		});
		expect(result.stdout).toMatch(/Successfully imported 1 workflow\./);
		expect(result.stdout).not.toMatch(/Skipped workflow/);
		expect(listed).toContain(String(example(file).workflow.id));
	});

	it.each(RUNNABLE)('%s runs as shipped and succeeds, every node without an error', (file) => {
		const run = runs.get(file) as ExampleRun;
		expect(run.report).toBe('');
		const runData = (run.output as RunOutput).data.resultData.runData;
		for (const [name, nodeRuns] of Object.entries(runData)) {
			for (const nodeRun of nodeRuns) {
				expect({ node: name, error: nodeRun.error?.message }).toEqual({
					node: name,
					error: undefined,
				});
				const items = outputItems(nodeRun);
				const failed = items.filter((item) => item.json && 'error' in item.json);
				expect({ node: name, failed: failed.map((item) => item.json) }).toEqual({
					node: name,
					failed: [],
				});
			}
		}
		// Every pack node that the run reached produced output.
		for (const node of example(file).workflow.nodes.filter(
			(entry) => entry.type.startsWith(PACK_PREFIX) && !entry.disabled,
		)) {
			const nodeRuns = runData[node.name];
			expect({ node: node.name, ran: nodeRuns !== undefined }).toEqual({
				node: node.name,
				ran: true,
			});
			const items = nodeRuns.flatMap(outputItems);
			expect({ node: node.name, items: items.length > 0 }).toEqual({
				node: node.name,
				items: true,
			});
		}
		expect(JSON.stringify(run.output)).not.toContain(SIMULATOR_API_KEY);
	});

	it.each(RUNNABLE)('%s bills no call carrying a placeholder value', (file) => {
		const run = runs.get(file) as ExampleRun;
		const dataCalls = run.requests.filter((request) => request.path === '/api/v1/run');
		// Every billed ledger entry is one of the data calls checked below.
		const answered = dataCalls.filter(
			(request) => (request.status ?? 0) >= 200 && (request.status ?? 0) < 300,
		);
		expect(run.ledger.billedCalls).toBeLessThanOrEqual(answered.length);
		for (const entry of run.ledger.entries.filter((e) => e.credits > 0)) {
			expect(answered.map((request) => request.endpoint)).toContain(entry.endpoint);
		}
		for (const request of dataCalls)
			expect(`${request.endpoint}: ${JSON.stringify(request.input)}`).not.toMatch(PLACEHOLDER);
		// Model and avatar calls name their ids in the path and query.
		for (const request of run.requests) {
			const query = Object.entries(request.query).filter(([name]) => name !== 'key');
			expect(`${request.method} ${request.path} ${JSON.stringify(query)}`).not.toMatch(PLACEHOLDER);
		}
		const usesSocialData = example(file).workflow.nodes.some(
			(node) => node.type === `${PACK_PREFIX}socialData` && !node.disabled,
		);
		if (usesSocialData) expect(run.ledger.billedCalls).toBeGreaterThan(0);
	});

	describe('what the examples do', () => {
		const runOf = (file: string) => {
			const run = runs.get(file);
			if (!run?.output) throw new Error(`${file} did not run: ${run?.report ?? 'not imported'}`);
			return run;
		};
		const itemsOf = (file: string, node: string) =>
			(runOf(file).output as RunOutput).data.resultData.runData[node]?.flatMap((nodeRun) =>
				(nodeRun.data?.main?.[0] ?? []).map((item) => item.json),
			) ?? [];

		it("Social Data examples: records of the simulator's dataset, every page", () => {
			const { ids } = sim.dataset;
			expect(itemsOf('social-data-short-video.json', 'User Posts')).toHaveLength(
				sim.dataset.total('fetch_user_post_videos'),
			);
			expect(itemsOf('social-data-notes.json', 'Note Comments')).toHaveLength(
				sim.dataset.total('get_note_comments'),
			);
			expect(itemsOf('social-data-articles.json', 'Article Comments')).toHaveLength(
				sim.dataset.total('fetch_article_comments'),
			);
			const [detail] = itemsOf('social-data-channels.json', 'Video Detail');
			expect(JSON.stringify(detail)).toContain(ids.objectId);
			const mentions = itemsOf('social-data-search.json', 'Search Articles');
			expect(mentions.length).toBeGreaterThan(0);
			for (const mention of mentions)
				expect(mention).toMatchObject({ platform: 'articles', id: expect.any(String) });
		});

		it('Model Gateway example: generated text, a chat answer and a 256-number embedding, each on its interface', () => {
			const file = 'model-gateway-text-and-embeddings.json';
			expect(itemsOf(file, 'Generate Text')[0]).toMatchObject({
				text: expect.any(String),
				model: 'gemini-2.5-flash',
			});
			expect(itemsOf(file, 'Chat Completion')[0]).toMatchObject({ text: expect.any(String) });
			const [embedded] = itemsOf(file, 'Embed');
			expect(embedded).toMatchObject({ model: 'gemini-embedding-001', dimensions: 256 });
			expect(embedded.embedding).toHaveLength(256);
			const paths = runOf(file).requests.map((request) => request.path);
			expect(paths).toEqual([
				'/v1beta/models/gemini-2.5-flash:generateContent',
				'/v1/chat/completions',
				'/v1beta/models/gemini-embedding-001:embedContent',
			]);
		});

		it('Avatar Assets example: the group, its asset Active after waiting, the list with that asset; routing from the credential', () => {
			const file = 'avatar-assets-group-and-upload.json';
			const [group] = itemsOf(file, 'Create Group');
			const [asset] = itemsOf(file, 'Upload Asset');
			const listed = itemsOf(file, 'List Assets');
			expect(group).toMatchObject({ Id: expect.any(String) });
			expect(asset).toMatchObject({ Id: expect.any(String), GroupId: group.Id, Status: 'Active' });
			expect(listed.map((record) => record.Id)).toEqual([asset.Id]);
			const avatarCalls = runOf(file).requests.filter((request) => request.path.includes('avatar'));
			expect(avatarCalls.length).toBeGreaterThanOrEqual(4);
			for (const request of avatarCalls) {
				const routing =
					request.method === 'GET' || request.method === 'DELETE'
						? request.query[SIM_AVATAR_ROUTING.name]
						: JSON.parse(request.bodyText)[SIM_AVATAR_ROUTING.name];
				expect(routing).toBe(SIM_AVATAR_ROUTING.value);
			}
		});

		it('the brand-monitoring pair keeps its history in Data Tables, so it runs in a started n8n (brandMonitoring.test.ts), not with n8n execute', () => {
			expect(examples.filter(usesDataTables).map((entry) => entry.file)).toEqual([
				'brand-monitoring-daily-report.json',
				'brand-monitoring-hourly-collect.json',
			]);
			for (const file of RUNNABLE) expect(file).not.toMatch(/^brand-monitoring-/);
		});
	});

	describeChatDelivery(() => cli);
});

/** The credentials the example files reference, by their ids and names: gateway -> simulator, SMTP -> sink, a bearer token. */
function credentialsFor(
	sim: Simulator,
	smtp: SmtpSink,
): Array<{ id: string; name: string; type: string; data: Record<string, unknown> }> {
	const references = new Map<string, { id: string; name: string; type: string }>();
	for (const { file, workflow } of examples) {
		for (const node of workflow.nodes) {
			for (const [type, reference] of Object.entries(node.credentials ?? {})) {
				if (!reference.id)
					throw new Error(
						`${file}: node "${node.name}" names its ${type} credential without an id`,
					);
				references.set(`${type}/${reference.id}`, { id: reference.id, name: reference.name, type });
			}
		}
	}
	return [...references.values()].map((reference) => {
		if (reference.type === GATEWAY_CREDENTIAL) {
			return {
				...reference,
				data: {
					apiKey: SIMULATOR_API_KEY,
					baseUrl: sim.url,
					modelBaseUrl: '',
					compatVersion: '2023-06-01',
					avatarRoutingName: SIM_AVATAR_ROUTING.name,
					avatarRoutingValue: SIM_AVATAR_ROUTING.value,
				},
			};
		}
		if (reference.type === 'smtp') return smtpSinkCredential(smtp.port, reference);
		if (reference.type === 'httpBearerAuth') {
			// The MCP Server Trigger's token for MCP clients; the MCP example is run by test/e2e/agentStreaming.test.ts.
			return { ...reference, data: { token: randomBytes(24).toString('hex') } };
		}
		throw new Error(
			`an example uses a ${reference.type} credential; the examples test can only provide ${GATEWAY_CREDENTIAL}, smtp and httpBearerAuth`,
		);
	});
}

function failureOf(
	command: CommandResult,
	output: RunOutput | undefined,
	redact: (text: string) => string,
): string {
	const error = output?.data.resultData.error;
	return [
		`exit ${command.code}${command.signal ? ` (${command.signal})` : ''}, last node ${output?.data.resultData.lastNodeExecuted ?? '(none)'}`,
		`execution error: ${error ? `${error.message ?? ''} ${error.description ?? ''}`.trim() : output ? '(none)' : '(no run data)'}`,
		...errorMessages(command.stdout).map((line) => `log: ${redact(line)}`),
		`stderr: ${redact(tail(command.stderr, 15)) || '(empty)'}`,
	].join('\n');
}
