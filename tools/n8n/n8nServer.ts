import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import type { N8nInstall } from './n8nInstallLayout';
import { settledWithin } from './managedProcess';
import { tail } from './runCommand';

export interface StartN8nServerOptions {
	n8n: N8nInstall;
	/** Environment of `n8n start` (see n8nEnv), including N8N_PORT. */
	env: NodeJS.ProcessEnv;
	cwd: string;
	/** Base address the readiness probe uses, e.g. http://127.0.0.1:5678. */
	url: string;
	/** n8n's stdout and stderr go here (appended). */
	logFile: string;
	readyTimeoutMs?: number;
	/** Scrubs secrets from log excerpts quoted in errors. */
	redact?: (text: string) => string;
}

export interface N8nServer {
	url: string;
	pid: number;
	/** Seconds from spawn until /healthz/readiness answered 200. */
	startSeconds: number;
	/** Resolves with the exit code (or signal) once n8n is gone. */
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	stop(): Promise<void>;
}

const DEFAULT_READY_TIMEOUT_MS = 4 * 60_000;
/** n8n's own graceful shutdown waits up to 30 s for running executions; a little more, then SIGKILL. */
export const STOP_GRACE_MS = 35_000;
/** How long stop() waits for the exit after SIGKILL before it gives up waiting. */
const KILLED_EXIT_WAIT_MS = 5_000;

/**
 * Runs `n8n start` in its own process group (so its task runner goes down with it) and waits for
 * /healthz/readiness, which n8n answers with 200 only once the database is migrated and the
 * server (nodes, community packages, routes) is fully up.
 */
export async function startN8nServer(options: StartN8nServerOptions): Promise<N8nServer> {
	const started = Date.now();
	const log = fs.openSync(options.logFile, 'a');
	const child = spawn(options.n8n.nodeBin, [options.n8n.n8nEntry, 'start'], {
		cwd: options.cwd,
		env: options.env,
		stdio: ['ignore', log, log],
		detached: true,
	});
	fs.closeSync(log);
	const pid = child.pid;
	if (pid === undefined) throw new Error(`could not spawn ${options.n8n.nodeBin}`);

	let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
		child.once('exit', (code, signal) => {
			exitInfo = { code, signal };
			resolve(exitInfo);
		});
	});
	// Last resort when our process ends without stop(): never leave an n8n holding the port.
	const killOnExit = () => killGroup(pid, 'SIGKILL');
	process.once('exit', killOnExit);

	/** Settles within STOP_GRACE_MS + KILLED_EXIT_WAIT_MS, whatever n8n does. */
	const stop = async (): Promise<void> => {
		process.removeListener('exit', killOnExit);
		if (exitInfo) return;
		killGroup(pid, 'SIGTERM');
		await settledWithin(exited, STOP_GRACE_MS);
		// Past the grace n8n itself, else what is left of its group (the task runner): nothing outlives it.
		killGroup(pid, 'SIGKILL');
		await settledWithin(exited, KILLED_EXIT_WAIT_MS);
	};

	try {
		await waitUntilReady(options, child, () => exitInfo);
	} catch (error) {
		await stop();
		throw error;
	}
	return { url: options.url, pid, startSeconds: (Date.now() - started) / 1000, exited, stop };
}

async function waitUntilReady(
	options: StartN8nServerOptions,
	child: ChildProcess,
	exitInfo: () => { code: number | null; signal: NodeJS.Signals | null } | undefined,
): Promise<void> {
	const deadline = Date.now() + (options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
	const logTail = () =>
		(options.redact ?? ((text: string) => text))(tail(readText(options.logFile), 30));
	for (;;) {
		const exit = exitInfo();
		if (exit) {
			throw new Error(
				`n8n start (pid ${child.pid}) exited (code ${exit.code}, signal ${exit.signal}) before it was ready; ` +
					`end of ${options.logFile}:\n${logTail()}`,
			);
		}
		if (await isReady(options.url)) return;
		if (Date.now() > deadline) {
			throw new Error(
				`n8n was not ready at ${options.url} in time; end of ${options.logFile}:\n${logTail()}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

async function isReady(url: string): Promise<boolean> {
	try {
		const response = await fetch(`${url}/healthz/readiness`, {
			signal: AbortSignal.timeout(5_000),
		});
		await response.arrayBuffer();
		return response.status === 200;
	} catch {
		return false;
	}
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

function readText(file: string): string {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}
