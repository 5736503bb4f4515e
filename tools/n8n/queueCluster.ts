import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EnsuredN8n } from './ensureN8n';
import { startProcess, waitUntil, type ManagedProcess } from './managedProcess';
import { removeInBackground } from './removeInBackground';
import { freePort, n8nEnv } from './n8nEnv';
import { parseLogLines } from './n8nOutput';
import { runCommand, tail } from './runCommand';

/**
 * n8n in queue mode (the distributed engine): one main instance (`n8n start`: UI, API, webhooks
 * and triggers, which it enqueues in Redis) and workers (`n8n worker`: take jobs off the queue
 * and run them). All share the PostgreSQL database and the encryption key; each process has its
 * own user folder with the pack installed in `.n8n/nodes`, as separate machines would.
 */

export interface QueueBackends {
	redis: { host: string; port: number };
	postgres: { host: string; port: number; database: string; user: string; password: string };
}

/** What every process of one cluster (and every CLI command against its database) shares. */
export function queueModeEnv(backends: QueueBackends, encryptionKey: string): NodeJS.ProcessEnv {
	const { redis, postgres } = backends;
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		N8N_ENCRYPTION_KEY: encryptionKey,
		// An idle process stops in well under a second; a hung one should not hold the test for n8n's default 30 s.
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '15',
	};
}

export interface N8nProcess extends ManagedProcess {
	role: 'main' | 'worker';
	userFolder: string;
	/** Messages of its JSON log lines. */
	logMessages(): string[];
}

export interface MainInstance extends N8nProcess {
	baseUrl: string;
	webhookUrl(webhookPath: string): string;
}

export interface QueueClusterOptions {
	n8n: EnsuredN8n;
	/** queueModeEnv(...), plus anything else all processes should get. */
	env: NodeJS.ProcessEnv;
	/** User folder with the pack in `.n8n/nodes` (e.g. the one the CLI import used): the main instance runs in it. */
	mainUserFolder: string;
	workers: number;
	startTimeoutMs?: number;
	redact?: (text: string) => string;
}

export interface QueueCluster {
	main: MainInstance;
	workers: N8nProcess[];
	/** Seconds from spawning the processes until all of them were ready. */
	startSeconds: number;
	/** Stops every process at once, each within its grace period, and removes the workers' user folders. */
	close(): Promise<void>;
	/**
	 * Stops the main instance, runs `whileDown`, then starts a new main instance on the same port,
	 * user folder and database, and waits until it is ready (its published workflows activated).
	 * `main` is then the new instance; the workers keep running throughout.
	 */
	restartMain(whileDown?: () => Promise<void> | void): Promise<MainInstance>;
}

const DEFAULT_START_TIMEOUT_MS = 5 * 60_000;
/** n8n's own shutdown is capped at 15 s (N8N_GRACEFUL_SHUTDOWN_TIMEOUT); then SIGKILL. */
const STOP_GRACE_MS = 20_000;

export async function startQueueCluster(options: QueueClusterOptions): Promise<QueueCluster> {
	const timeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
	const workerFolders: string[] = [];
	const processes: N8nProcess[] = [];
	const close = async () => {
		await Promise.all(processes.map((p) => p.stop('SIGTERM', STOP_GRACE_MS)));
		for (const folder of workerFolders) removeInBackground(folder);
	};
	try {
		const started = Date.now();
		const mainPort = await freePort();
		const baseUrl = `http://127.0.0.1:${mainPort}`;
		const mainEnv = n8nEnv(options.n8n, options.mainUserFolder, await freePort(), {
			...options.env,
			N8N_PORT: String(mainPort),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_WEBHOOK_URL: `${baseUrl}/`,
		});
		const startMain = (): MainInstance => {
			const mainProcess = spawnN8n('main', ['start'], options, options.mainUserFolder, mainEnv);
			processes.push(mainProcess);
			return {
				...mainProcess,
				baseUrl,
				webhookUrl: (webhookPath) => `${baseUrl}/webhook/${webhookPath}`,
			};
		};
		// "Editor is now accessible" comes after the main instance has activated the published workflows.
		const mainReady = (main: MainInstance) =>
			main.waitForOutput(/Editor is now accessible via/, timeoutMs).then(() =>
				waitUntil('the main instance readiness', () => isOk(`${baseUrl}/healthz/readiness`), {
					timeoutMs,
					process: main,
				}),
			);
		const main = startMain();

		const workerHealthUrls: string[] = [];
		for (let index = 1; index <= options.workers; index++) {
			const folder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-worker${index}-`));
			workerFolders.push(folder);
			copyInstalledNodes(options.mainUserFolder, folder);
			const healthPort = await freePort();
			workerHealthUrls.push(`http://127.0.0.1:${healthPort}/healthz/readiness`);
			const env = n8nEnv(options.n8n, folder, await freePort(), {
				...options.env,
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
			processes.push(spawnN8n(`worker${index}`, ['worker'], options, folder, env));
		}
		const workers = processes.filter((p) => p.role === 'worker');

		const workersReady = workers.map((worker, index) =>
			waitUntil(`${worker.name} readiness`, () => isOk(workerHealthUrls[index]), {
				timeoutMs,
				intervalMs: 500,
				process: worker,
			}),
		);
		await Promise.all([mainReady(main), ...workersReady]);
		const cluster: QueueCluster = {
			main,
			workers,
			startSeconds: (Date.now() - started) / 1000,
			close,
			restartMain: async (whileDown) => {
				await cluster.main.stop('SIGTERM', STOP_GRACE_MS);
				await whileDown?.();
				const next = startMain();
				await mainReady(next);
				cluster.main = next;
				return next;
			},
		};
		return cluster;
	} catch (error) {
		await close();
		throw error;
	}
}

/** `n8n publish:workflow` against the cluster's database; a main instance started afterwards activates it. */
export async function publishWorkflow(
	n8n: EnsuredN8n,
	userFolder: string,
	env: NodeJS.ProcessEnv,
	workflowId: string,
): Promise<void> {
	const result = await runCommand(
		n8n.nodeBin,
		[n8n.n8nEntry, 'publish:workflow', `--id=${workflowId}`],
		{
			cwd: userFolder,
			env: n8nEnv(n8n, userFolder, await freePort(), env),
			timeoutMs: 3 * 60_000,
		},
	);
	const errors = parseLogLines(result.stdout).filter((line) => line.level === 'error');
	if (result.code !== 0 || errors.length > 0) {
		throw new Error(
			`n8n publish:workflow --id=${workflowId} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`,
		);
	}
}

/** A worker gets the pack the way a separate machine would: its own copy of the installed nodes folder. */
export function copyInstalledNodes(fromUserFolder: string, toUserFolder: string): void {
	const from = path.join(fromUserFolder, '.n8n', 'nodes');
	if (!fs.existsSync(path.join(from, 'node_modules')))
		throw new Error(`no installed nodes in ${from}`);
	fs.cpSync(from, path.join(toUserFolder, '.n8n', 'nodes'), {
		recursive: true,
		verbatimSymlinks: true,
	});
}

/** The workers that logged "Worker started execution <id>", if any. */
export function workersThatRan(workers: N8nProcess[], executionId: string): N8nProcess[] {
	const started = new RegExp(`^Worker started execution ${executionId} \\(job`);
	return workers.filter((worker) => worker.logMessages().some((message) => started.test(message)));
}

/** Execution ids the main instance logged as "Enqueued execution <id> (job <n>)", in order. */
export function enqueuedExecutionIds(main: N8nProcess): string[] {
	return main
		.logMessages()
		.map((message) => /^Enqueued execution (\S+) \(job/.exec(message)?.[1])
		.filter((id): id is string => id !== undefined);
}

function spawnN8n(
	name: string,
	args: string[],
	options: QueueClusterOptions,
	userFolder: string,
	env: NodeJS.ProcessEnv,
): N8nProcess {
	const child = startProcess(name, options.n8n.nodeBin, [options.n8n.n8nEntry, ...args], {
		cwd: userFolder,
		env,
		redact: options.redact,
	});
	return {
		...child,
		role: name === 'main' ? 'main' : 'worker',
		userFolder,
		logMessages: () =>
			parseLogLines(child.output())
				.map((line) => line.message)
				.filter((message): message is string => typeof message === 'string')
				.map((message) => message.trim()),
	};
}

async function isOk(url: string): Promise<boolean> {
	const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
	await response.arrayBuffer();
	return response.ok;
}

/**
 * Publication is asynchronous in n8n 2.41 (an outbox the leader main instance works off after
 * start-up): the production webhook answers only once its row is in `webhook_entity`.
 */
export async function waitForProductionWebhook(
	query: (sql: string) => Promise<string[][]>,
	workflowId: string,
	options: { timeoutMs: number; main: N8nProcess },
): Promise<void> {
	const sql = `SELECT "webhookPath" FROM webhook_entity WHERE "workflowId" = '${workflowId.replace(/'/g, "''")}'`;
	await waitUntil(
		`the production webhook of workflow ${workflowId}`,
		async () => (await query(sql)).length > 0,
		{
			timeoutMs: options.timeoutMs,
			intervalMs: 500,
			process: options.main,
		},
	);
}

export interface WebhookAnswer {
	status: number;
	body: unknown;
	seconds: number;
}

/** POSTs JSON to a production webhook and waits for the answer (for "When Last Node Finishes": the end of the execution). */
export async function postWebhook(
	url: string,
	payload: unknown,
	timeoutMs: number,
): Promise<WebhookAnswer> {
	const started = Date.now();
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(payload),
		signal: AbortSignal.timeout(timeoutMs),
	});
	const text = await response.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		// Not JSON (an error page): keep the text for the test's message.
	}
	return { status: response.status, body, seconds: (Date.now() - started) / 1000 };
}
