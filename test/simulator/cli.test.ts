import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { SIMULATOR_API_KEY } from '../../simulator/constants';

// `npm run simulator` (simulator/cli.ts) in a child process, as a user starts it: its stdout
// names the address and the test key, and a request with exactly what it printed is answered.

const REPO_ROOT = path.resolve(__dirname, '..', '..');
jest.setTimeout(60_000);

let child: ChildProcess | undefined;

afterEach(async () => {
	const running = child;
	child = undefined;
	if (!running || running.exitCode !== null || running.signalCode !== null) return;
	const exited = new Promise((resolve) => running.once('exit', resolve));
	running.kill('SIGTERM');
	await exited;
});

/** Starts the CLI and resolves with its stdout once the banner's last line is out. */
function startCli(args: string[]): Promise<string> {
	const started = spawn(
		process.execPath,
		['--import', 'tsx', path.join(REPO_ROOT, 'simulator/cli.ts'), ...args],
		{
			cwd: REPO_ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	child = started;
	return new Promise((resolve, reject) => {
		let stdout = '';
		let stderr = '';
		started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		started.stdout?.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
			if (/Stop with Ctrl\+C\.\n/.test(stdout)) resolve(stdout);
		});
		started.once('exit', (code) =>
			reject(
				new Error(
					`the simulator CLI exited (${code}) before printing its banner:\n${stdout}\n${stderr}`,
				),
			),
		);
	});
}

describe('npm run simulator', () => {
	it('prints the address and the test API key, and both work in a request', async () => {
		const stdout = await startCli(['--port', '0']);
		const baseUrl = /^ {2}Base URL: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1];
		const apiKey = /^ {2}API Key: (\S+)$/m.exec(stdout)?.[1];
		expect(baseUrl).toBeDefined();
		expect(apiKey).toBe(SIMULATOR_API_KEY);
		expect(stdout).toMatch(/^ {2}Avatar Routing Value: \S+/m);
		// The first line stays what scripts (bench/support/simulatorProcess.ts) read the address from.
		expect(stdout.split('\n')[0]).toBe(`simulator listening on ${baseUrl}`);

		const answer = await fetch(`${baseUrl}/v1/models`, {
			headers: { authorization: `Bearer ${apiKey}` },
		});
		expect(answer.status).toBe(200);
		const refused = await fetch(`${baseUrl}/v1/models`, {
			headers: { authorization: 'Bearer not-the-printed-key' },
		});
		expect(refused.status).toBe(401);
	});

	it('speaks the real names by default and the neutral words with --interface-names neutral', async () => {
		const idsListed = async (stdout: string) => {
			const baseUrl = /^ {2}Base URL: (\S+)$/m.exec(stdout)![1];
			const answer = await fetch(`${baseUrl}/v1/models`, {
				headers: { authorization: `Bearer ${SIMULATOR_API_KEY}` },
			});
			return ((await answer.json()) as { data: Array<{ id: string }> }).data.map(({ id }) => id);
		};
		const upstream = await startCli(['--port', '0']);
		expect(upstream).not.toContain('Interface Names');
		expect(await idsListed(upstream)).toContain('gemini-2.5-flash');
		child?.kill('SIGTERM');

		const neutral = await startCli(['--port', '0', '--interface-names', 'neutral']);
		expect(neutral).toMatch(/^ {2}Advanced Settings › Interface Names: Neutral Names$/m);
		const ids = await idsListed(neutral);
		expect(ids).toContain('gm-2.5-flash');
		expect(ids.filter((id) => id.startsWith('gemini-'))).toEqual([]);
	});

	it('listens on the port it is given and prints that address', async () => {
		const port = await freePort();
		const stdout = await startCli(['--port', String(port)]);
		expect(stdout).toContain(`  Base URL: http://127.0.0.1:${port}\n`);
	});
});

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}
