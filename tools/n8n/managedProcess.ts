import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

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
	/** Sends `signal`, then SIGKILL if it has not exited after `timeoutMs`. Safe to call twice. */
	stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
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

export function startProcess(
	name: string,
	command: string,
	args: string[],
	options: StartProcessOptions = {},
): ManagedProcess {
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		uid: options.uid,
		gid: options.gid,
		stdio: ['ignore', 'pipe', 'pipe'],
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

	const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> => {
		if (!running) return;
		child.kill(signal);
		const timer = setTimeout(() => {
			if (!running || child.pid === undefined) return;
			// Its children (n8n's task runner) go first: once the parent is gone they would be orphans.
			for (const pid of childPidsOf(child.pid)) killQuietly(pid);
			child.kill('SIGKILL');
		}, timeoutMs);
		await exited;
		clearTimeout(timer);
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

/** Direct children of a process, from /proc (Linux); empty elsewhere. */
function childPidsOf(parentPid: number): number[] {
	if (!fs.existsSync('/proc')) return [];
	const children: number[] = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// Field 4 of /proc/<pid>/stat is the parent pid; the name in parentheses may hold spaces.
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (ppid === parentPid) children.push(Number(entry));
		} catch {
			// The process ended while we looked.
		}
	}
	return children;
}

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
