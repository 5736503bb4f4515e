import { spawn } from 'node:child_process';

export interface CommandResult {
	/** Exit code; 128 + nothing when the process ended by a signal (see `signal`). */
	code: number;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export interface CommandOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	timeoutMs?: number;
}

/** Runs a program without a shell, capturing both streams; never rejects on a non-zero exit. */
export function runCommand(
	command: string,
	args: string[],
	options: CommandOptions = {},
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
		const timer = options.timeoutMs
			? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
			: undefined;
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			resolve({
				code: code ?? (signal ? 128 : 1),
				signal,
				stdout: Buffer.concat(stdout).toString('utf8'),
				stderr: Buffer.concat(stderr).toString('utf8') + (signal ? `\n[killed by ${signal}]` : ''),
			});
		});
	});
}

/** Last lines of a long log, for error messages. */
export function tail(text: string, lines = 40): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}
