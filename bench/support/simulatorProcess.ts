import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { request } from 'undici';
import type { RecordedRequest, WellKnownIds } from '../../simulator';

export interface SimulatorProcessOptions {
	latencyMs?: number;
	pageSize?: number;
	totals?: Record<string, number>;
}

export interface SimulatorProcess {
	url: string;
	ids(): Promise<WellKnownIds>;
	/** What the child received since the last reset (method, path, headers, bodyText…). */
	requests(): Promise<RecordedRequest[]>;
	/** Billed calls since the last reset (the ledger of the child, read over its admin API). */
	billedCalls(): Promise<number>;
	/** Clears the child's ledger and request log, which otherwise grow with every call. */
	reset(): Promise<void>;
	close(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The simulator (simulator/cli.ts) in a child process, so its work stays out of the measured
 * process's CPU time and heap: the figures then describe the client side only.
 */
export async function startSimulatorProcess(
	options: SimulatorProcessOptions = {},
): Promise<SimulatorProcess> {
	const args = ['--import', 'tsx', path.join(REPO_ROOT, 'simulator/cli.ts'), '--port', '0'];
	if (options.latencyMs !== undefined) args.push('--latency-ms', String(options.latencyMs));
	if (options.pageSize !== undefined) args.push('--page-size', String(options.pageSize));
	if (options.totals) args.push('--totals', JSON.stringify(options.totals));
	const child = spawn(process.execPath, args, {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const url = await new Promise<string>((resolve, reject) => {
		let stdout = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
			const match = /listening on (http:\/\/\S+)/.exec(stdout);
			if (match) resolve(match[1]);
		});
		child.once('exit', (code) =>
			reject(
				new Error(`simulator process exited (${code}) before listening: ${stderr.slice(-2000)}`),
			),
		);
	});
	// A connection per control call (`reset`): a kept-alive one may sit idle through a whole timed run,
	// and on a busy machine the server's keep-alive timeout then closes it just as it is reused.
	const admin = async (method: 'GET' | 'POST', route: string): Promise<unknown> => {
		const answer = await request(`${url}/__sim/${route}`, {
			method,
			reset: true,
			...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
		});
		return answer.body.json();
	};
	return {
		url,
		ids: async () => (await admin('GET', 'ids')) as WellKnownIds,
		requests: async () => (await admin('GET', 'requests')) as RecordedRequest[],
		billedCalls: async () =>
			((await admin('GET', 'ledger')) as { billedCalls: number }).billedCalls,
		reset: async () => void (await admin('POST', 'reset')),
		close: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}
