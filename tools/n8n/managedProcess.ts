import { spawn } from 'node:child_process';

/** A long-running child (a server or an n8n process) whose output is kept for waits and assertions. */
export interface ManagedProcess {
	name: string;
	pid: number;
	/** Everything written to stdout and stderr so far. */
	output(): string;
	/** Whether the unredacted output contains `text` (to check that a secret never reached the logs). */
	outputIncludes(text: string): boolean;
	isRunning(): boolean;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	/** Resolves when the output matches; rejects when the process exits first or time runs out. */
	waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
	/**
	 * Sends `signal` to the process, waits up to `graceMs` for it to exit, then SIGKILLs whatever is
	 * left of its process group (the process itself when past the grace, and any children it left
	 * behind). Always settles within `graceMs` plus a few seconds. Safe to call twice.
	 */
	stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface StartProcessOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Run as this OS user (only when the test runs as root, e.g. PostgreSQL refuses root). */
	uid?: number;
	gid?: number;
	/** Applied to the output before anyone sees it (output() and error messages), e.g. to mask secrets. */
	redact?: (text: string) => string;
}

/** How long stop() waits for the process's exit after SIGKILL before it gives up waiting. */
const KILLED_EXIT_WAIT_MS = 5_000;

export function startProcess(
	name: string,
	command: string,
	args: string[],
	options: StartProcessOptions = {},
): ManagedProcess {
	// Its own process group: stop() can then SIGKILL the whole tree (n8n's task runner, PostgreSQL's backends).
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		uid: options.uid,
		gid: options.gid,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	const killGroup = () => {
		if (child.pid !== undefined) killQuietly(-child.pid);
	};
	// Last resort when the test process ends without stop(): nothing of the tree outlives it.
	process.once('exit', killGroup);
	const ended = new Promise<void>((resolve) => {
		child.once('exit', () => resolve());
		child.once('error', () => resolve());
	});
	const redact = options.redact ?? ((text: string) => text);
	let text = '';
	let running = true;
	const listeners = new Set<() => void>();
	const onChunk = (chunk: Buffer) => {
		text += chunk.toString('utf8');
		for (const listener of listeners) listener();
	};
	child.stdout.on('data', onChunk);
	child.stderr.on('data', onChunk);
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
		child.once('error', (error) => {
			text += `\n[${name} failed to start: ${error.message}]`;
			running = false;
			for (const listener of listeners) listener();
			resolve({ code: null, signal: null });
		});
		child.once('close', (code, signal) => {
			running = false;
			for (const listener of listeners) listener();
			resolve({ code, signal });
		});
	});

	const waitForOutput = (pattern: RegExp, timeoutMs: number): Promise<void> =>
		new Promise((resolve, reject) => {
			const done = (error?: Error) => {
				clearTimeout(timer);
				listeners.delete(check);
				if (error) reject(error);
				else resolve();
			};
			const check = () => {
				if (pattern.test(text)) done();
				else if (!running)
					done(new Error(`${name} exited before printing ${pattern}:\n${lastLines(redact(text))}`));
			};
			const timer = setTimeout(
				() =>
					done(
						new Error(
							`${name} did not print ${pattern} within ${timeoutMs / 1000}s:\n${lastLines(redact(text))}`,
						),
					),
				timeoutMs,
			);
			listeners.add(check);
			check();
		});

	const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 30_000): Promise<void> => {
		if (child.exitCode === null && child.signalCode === null) child.kill(signal);
		await settledWithin(ended, graceMs);
		killGroup();
		process.removeListener('exit', killGroup);
		// Waits for 'exit', not for the output pipes to close, which a stray grandchild could hold open.
		await settledWithin(ended, KILLED_EXIT_WAIT_MS);
	};

	return {
		name,
		pid: child.pid ?? -1,
		output: () => redact(text),
		outputIncludes: (needle) => text.includes(needle),
		isRunning: () => running,
		exited,
		waitForOutput,
		stop,
	};
}

/** Polls `check` until it returns true; the error names `what` and, when given, the process's last lines. */
export async function waitUntil(
	what: string,
	check: () => Promise<boolean>,
	options: { timeoutMs: number; intervalMs?: number; process?: ManagedProcess },
): Promise<void> {
	const deadline = Date.now() + options.timeoutMs;
	for (;;) {
		if (options.process && !options.process.isRunning()) {
			throw new Error(
				`${options.process.name} exited while waiting for ${what}:\n${lastLines(options.process.output())}`,
			);
		}
		if (await check().catch(() => false)) return;
		if (Date.now() > deadline) {
			const detail = options.process ? `:\n${lastLines(options.process.output())}` : '';
			throw new Error(`timed out after ${options.timeoutMs / 1000}s waiting for ${what}${detail}`);
		}
		await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
	}
}

/** Waits for `promise`, but at most `ms`. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
	clearTimeout(timer);
}

/** SIGKILL to a process, or to a process group when `pid` is negative. */
function killQuietly(pid: number): void {
	try {
		process.kill(pid, 'SIGKILL');
	} catch {
		// Already gone.
	}
}

export function lastLines(text: string, lines = 30): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}
