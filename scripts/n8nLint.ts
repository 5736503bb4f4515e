import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * `n8n-node lint` on what this package ships: package.json, nodes/ and credentials/.
 *
 * `n8n-node lint` runs `eslint .`, and in strict mode (package.json `n8n.strict`) it refuses an
 * eslint.config.mjs that differs from its default, so the config cannot leave out the folders
 * that never run inside n8n: the tests, the simulator, the benchmarks and these scripts (Node
 * code that rightly uses timers, `node:` modules and the console). This script gives the
 * unchanged CLI, with the unchanged default config, a folder holding copies of exactly the
 * sources n8n's scanner counts as the package's own (`package.json`, `nodes/`, `credentials/`),
 * the same scope the scanner's source check uses. Findings are reported with the project's paths;
 * `--fix` writes fixed files back.
 *
 * Exits with the CLI's exit code, or 1 when it passed with warnings: zero problems is the bar.
 */

const ROOT = path.resolve(__dirname, '..');

/** The scanner's source scope plus what the lint needs to resolve imports and types. */
const COPIED = ['package.json', 'eslint.config.mjs', 'tsconfig.json', 'nodes', 'credentials'];

function filesUnder(dir: string): string[] {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.flatMap((entry) =>
			entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name))] : [],
		);
}

function main(): number {
	const fix = process.argv.includes('--fix');
	const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-lint-'));
	try {
		for (const entry of COPIED)
			fs.cpSync(path.join(ROOT, entry), path.join(stage, entry), { recursive: true });
		const before = new Map(
			filesUnder(stage).map((file) => [file, fs.readFileSync(path.join(stage, file), 'utf8')]),
		);
		fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'), 'dir');

		const cli = path.join(ROOT, 'node_modules', '.bin', 'n8n-node');
		const result = spawnSync(cli, ['lint', ...(fix ? ['--fix'] : [])], {
			cwd: stage,
			encoding: 'utf8',
			env: process.env,
		});
		const toProject = (text: string) =>
			text.split(`${stage}${path.sep}`).join('').split(stage).join(ROOT);
		process.stdout.write(toProject(result.stdout ?? ''));
		process.stderr.write(toProject(result.stderr ?? ''));

		if (fix) {
			for (const [file, text] of before) {
				const fixed = fs.readFileSync(path.join(stage, file), 'utf8');
				if (fixed !== text) {
					fs.writeFileSync(path.join(ROOT, file), fixed);
					console.log(`fixed ${file}`);
				}
			}
		}
		if (result.error) throw result.error;
		// ESLint exits 0 on warnings; its summary line still counts them.
		const warned = /✖ \d+ problems?/.test((result.stdout ?? '').replace(/\u001b\[[0-9;]*m/g, ''));
		return result.status === 0 && warned ? 1 : (result.status ?? 1);
	} finally {
		fs.rmSync(stage, { recursive: true, force: true });
	}
}

process.exitCode = main();
