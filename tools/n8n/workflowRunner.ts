import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
	gatewayCredential,
	injectCredential,
	type ImportableCredential,
	type WorkflowJson,
} from './credentials';
import { ensureN8n, type EnsuredN8n } from './ensureN8n';
import { removeInBackground } from './removeInBackground';
import { installPack, type PackInstallStyle } from './installPack';
import { freePort, n8nEnv } from './n8nEnv';
import { errorMessages, findRunOutput, type RunOutput } from './n8nOutput';
import { createProgress } from './progress';
import { runCommand, tail, type CommandResult } from './runCommand';

export interface RunWorkflowOptions {
	/** A workflow as exported by n8n (one object); or pass `workflow`. */
	workflowFile?: string;
	workflow?: WorkflowJson;
	/** Builds a `socialGatewayApi` credential and points the pack's nodes at it. */
	gatewayUrl?: string;
	apiKey?: string;
	modelUrl?: string;
	/** Further workflows to import beside the main one, their credentials injected the same way (e.g. to publish several in one n8n). */
	moreWorkflows?: WorkflowJson[];
	/** Further credentials to import; each is injected into the nodes using its type (see keepNodeCredentials). */
	credentials?: ImportableCredential[];
	/**
	 * Import the credentials but leave the nodes' own credential references as the workflow has
	 * them, so one workflow can use several credentials of the same type (by id).
	 */
	keepNodeCredentials?: boolean;
	/** Installs this pack tarball into the run's `.n8n/nodes` before importing. */
	packTarball?: string;
	/** `npm` (default: by hand in ~/.n8n/nodes) or `n8n-ui` (as Settings > Community Nodes does). */
	packInstallStyle?: PackInstallStyle;
	/** Install the tarball for real even when it was installed the same way before (see installPack). */
	packInstallFresh?: boolean;
	/** Extra environment for the n8n processes (wins over the runner's defaults). */
	env?: NodeJS.ProcessEnv;
	n8n?: EnsuredN8n;
	keepUserFolder?: boolean;
	executeTimeoutMs?: number;
	quiet?: boolean;
}

export interface WorkflowRunResult {
	/** True when n8n finished the execution without an execution error. */
	ok: boolean;
	exitCode: number;
	/**
	 * n8n 2.41.1's CLI crashes with SIGSEGV while shutting down in about a third of the runs on a
	 * busy machine (isolated-vm of its default `vm` expression engine; never seen with
	 * N8N_EXPRESSION_ENGINE=legacy, not cured by --no-node-snapshot). The run data is complete and
	 * stored by then, so such a run still counts; this flag says it happened.
	 */
	crashedAfterOutput: boolean;
	workflowId: string;
	output: RunOutput;
	/** Error-level log lines of the execute command (already redacted). */
	errors: string[];
	/** Redacted end of the execute command's stderr, for reports of odd exits. */
	stderrTail: string;
	userFolder: string;
	timings: { packInstallSeconds: number; importSeconds: number; executeSeconds: number };
}

const IMPORT_TIMEOUT_MS = 3 * 60_000;
const DEFAULT_EXECUTE_TIMEOUT_MS = 5 * 60_000;

export interface N8nSession {
	workflowId: string;
	userFolder: string;
	/** Runs the imported workflow once more in the same n8n (same database: state such as Remove Duplicates' history persists). */
	execute(): Promise<WorkflowRunResult>;
	/** Imports one more workflow (or a changed one, by its id), its credentials linked as at the start. */
	importWorkflow(workflow: WorkflowJson): Promise<void>;
	close(): void;
}

/**
 * Prepares a real n8n for a workflow: a fresh user folder (sqlite), the pack installed, the
 * credentials and the workflow imported with the n8n CLI. `execute()` then runs
 * `n8n execute --id=<id> --rawOutput` and parses the run data; it may be called several times.
 */
export async function openN8nSession(options: RunWorkflowOptions): Promise<N8nSession> {
	const progress = createProgress('runWorkflow', options.quiet);
	const n8n = options.n8n ?? (await ensureN8n({ quiet: options.quiet }));
	const redact = redactor([options.apiKey, ...(options.credentials ?? []).flatMap(secretValuesOf)]);

	const credentials = [...(options.credentials ?? [])];
	if (options.gatewayUrl) {
		credentials.push(
			gatewayCredential({
				gatewayUrl: options.gatewayUrl,
				apiKey: options.apiKey ?? '',
				modelUrl: options.modelUrl,
			}),
		);
	}
	let workflow = loadWorkflow(options);
	if (!options.keepNodeCredentials)
		for (const credential of credentials) workflow = injectCredential(workflow, credential);
	const workflowId = workflow.id ?? `e2e${crypto.randomBytes(8).toString('hex')}`;
	workflow = { ...workflow, id: workflowId, active: false };

	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const close = () => {
		if (!options.keepUserFolder) removeInBackground(userFolder);
	};
	const env = n8nEnv(n8n, userFolder, await freePort(), options.env);
	const n8nCli = (args: string[], timeoutMs: number): Promise<CommandResult> =>
		runCommand(n8n.nodeBin, [n8n.n8nEntry, ...args], { cwd: userFolder, env, timeoutMs });

	const importPrepared = async (prepared: WorkflowJson) => {
		const workflowFile = writePrivateJson(userFolder, 'workflow.import.json', {
			...prepared,
			active: false,
		});
		progress.step(`n8n import:workflow (id ${prepared.id ?? '(new)'})`);
		assertSucceeded(
			'import:workflow',
			await n8nCli(['import:workflow', `--input=${workflowFile}`], IMPORT_TIMEOUT_MS),
			redact,
		);
	};
	const importWorkflow = async (imported: WorkflowJson) =>
		await importPrepared(
			options.keepNodeCredentials ? imported : credentials.reduce(injectCredential, imported),
		);

	let packInstallSeconds = 0;
	let importSeconds = 0;
	try {
		if (options.packTarball) {
			const started = Date.now();
			await installPack(userFolder, options.packTarball, {
				style: options.packInstallStyle,
				fresh: options.packInstallFresh,
				quiet: options.quiet,
			});
			packInstallSeconds = (Date.now() - started) / 1000;
		}

		const importStarted = Date.now();
		if (credentials.length > 0) {
			const credentialsFile = writePrivateJson(userFolder, 'credentials.import.json', credentials);
			progress.step(`n8n import:credentials (${credentials.length})`);
			const result = await n8nCli(
				['import:credentials', `--input=${credentialsFile}`],
				IMPORT_TIMEOUT_MS,
			);
			fs.rmSync(credentialsFile, { force: true });
			assertSucceeded('import:credentials', result, redact);
		}
		await importPrepared(workflow);
		for (const imported of options.moreWorkflows ?? []) await importWorkflow(imported);
		importSeconds = (Date.now() - importStarted) / 1000;
	} catch (error) {
		close();
		throw error;
	}

	const execute = async (): Promise<WorkflowRunResult> => {
		const executeStarted = Date.now();
		progress.step(`n8n execute --id=${workflowId} --rawOutput`);
		const execution = await n8nCli(
			['execute', `--id=${workflowId}`, '--rawOutput'],
			options.executeTimeoutMs ?? DEFAULT_EXECUTE_TIMEOUT_MS,
		);
		const executeSeconds = (Date.now() - executeStarted) / 1000;
		const output = findRunOutput(execution.stdout);
		const errors = errorMessages(execution.stdout).map(redact);
		if (!output) {
			const detail =
				errors.length > 0
					? errors.join('\n')
					: redact(tail(`${execution.stdout}\n${execution.stderr}`)) || '(n8n printed nothing)';
			throw new Error(
				`n8n execute failed before any node ran (exit ${execution.code}):\n${detail}`,
			);
		}
		// n8n 2.41's default expression engine (isolated-vm) sometimes crashes on shutdown, after the result is out.
		const crashedAfterOutput = execution.signal === 'SIGSEGV' && output.finished === true;
		const ok = (execution.code === 0 || crashedAfterOutput) && !output.data.resultData.error;
		progress.step(
			`execution ${ok ? 'succeeded' : 'failed'} (import ${importSeconds.toFixed(1)}s, execute ${executeSeconds.toFixed(1)}s)`,
		);
		return {
			ok,
			exitCode: execution.code,
			crashedAfterOutput,
			workflowId,
			output,
			errors,
			stderrTail: redact(tail(execution.stderr, 20)),
			userFolder,
			timings: { packInstallSeconds, importSeconds, executeSeconds },
		};
	};
	return { workflowId, userFolder, execute, importWorkflow, close };
}

/** Runs one workflow once in a fresh real n8n (see openN8nSession). */
export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRunResult> {
	const session = await openN8nSession(options);
	try {
		return await session.execute();
	} finally {
		session.close();
	}
}

function secretValuesOf(credential: ImportableCredential): string[] {
	return Object.entries(credential.data)
		.filter(([field]) => /key|token|secret|password/i.test(field))
		.flatMap(([, value]) => (typeof value === 'string' ? [value] : []));
}

function loadWorkflow(options: RunWorkflowOptions): WorkflowJson {
	if (options.workflow) return options.workflow;
	if (!options.workflowFile) throw new Error('runWorkflow needs workflowFile or workflow');
	const parsed = JSON.parse(fs.readFileSync(options.workflowFile, 'utf8')) as
		| WorkflowJson
		| WorkflowJson[];
	if (Array.isArray(parsed)) {
		if (parsed.length !== 1)
			throw new Error(`${options.workflowFile} holds ${parsed.length} workflows; give one`);
		return parsed[0];
	}
	return parsed;
}

function writePrivateJson(dir: string, name: string, value: unknown): string {
	const file = path.join(dir, name);
	fs.writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
	return file;
}

function assertSucceeded(
	what: string,
	result: CommandResult,
	redact: (text: string) => string,
): void {
	if (result.code === 0) return;
	const errors = errorMessages(result.stdout);
	const detail = errors.length > 0 ? errors.join('\n') : tail(`${result.stdout}\n${result.stderr}`);
	throw new Error(`n8n ${what} failed (exit ${result.code}):\n${redact(detail)}`);
}

/** Empty for a successful run; otherwise exit code, execution error and stderr, for test messages. */
export function failureReport(result: WorkflowRunResult): string {
	if (result.ok) return '';
	const error = result.output.data.resultData.error;
	return [
		`exit code ${result.exitCode}, last node ${result.output.data.resultData.lastNodeExecuted ?? '(none)'}`,
		`execution error: ${error ? `${error.message ?? ''} ${error.description ?? ''}`.trim() : '(none)'}`,
		...result.errors.map((line) => `log: ${line}`),
		`stderr: ${result.stderrTail || '(empty)'}`,
	].join('\n');
}

/** Replaces every secret (of 4 or more characters) by `***` in a text. */
export function redactor(secrets: Array<string | undefined>): (text: string) => string {
	const words = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
	return (text: string) => words.reduce((acc, secret) => acc.split(secret).join('***'), text);
}
