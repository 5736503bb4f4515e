import { spawn } from 'node:child_process';

/**
 * Runs a bench script in a fresh Node process (so its memory figures start from nothing) and returns
 * the JSON it prints on its `RESULT {…}` line.
 */
export function runBenchChild<T>(
	label: string,
	script: string,
	args: string[],
	nodeBin = process.execPath,
): Promise<T> {
	return new Promise((resolve, reject) => {
		const child = spawn(nodeBin, ['--import', 'tsx', script, ...args], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('exit', (code) => {
			const line = /^RESULT (.*)$/m.exec(stdout);
			if (code !== 0 || !line)
				return reject(new Error(`${label} child exited ${code}: ${stderr.slice(-2000)}`));
			resolve(JSON.parse(line[1]) as T);
		});
	});
}
