/**
 * `npm test`: the whole suite in lanes that run side by side (see testLanes.ts), each lane's and
 * phase's duration printed, every lane's output kept in test-artifacts/test-lanes/, and the output
 * of whatever failed printed in full at the end. Exits 1 when any lane failed.
 *
 * With arguments it is plain jest (`npm test -- test/unit/validation.test.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureN8n } from '../tools/n8n/ensureN8n';
import { packProject } from '../tools/n8n/installPack';
import { REPO_ROOT } from '../tools/n8n/n8nInstallLayout';
import {
	ALONE_PROJECTS,
	IN_PROCESS_PROJECTS,
	e2eLaneCount,
	formatSeconds,
	longestFirst,
	runsAlone,
} from './testLanes';

const JEST = path.join(REPO_ROOT, 'node_modules', '.bin', 'jest');
const LOG_DIR = path.join(REPO_ROOT, 'test-artifacts', 'test-lanes');

interface RunResult {
	lane: string;
	/** What ran: a project list or an e2e file. */
	what: string;
	seconds: number;
	ok: boolean;
	output: string;
}

const children = new Set<ChildProcess>();
const startedAt = Date.now();
const since = (start: number) => (Date.now() - start) / 1000;
const say = (message: string) =>
	process.stdout.write(`[test +${formatSeconds(since(startedAt))}] ${message}\n`);

/** One jest run in its own process group; its output goes to the lane's log and is returned. */
function runJest(lane: string, what: string, args: string[]): Promise<RunResult> {
	const started = Date.now();
	const log = path.join(LOG_DIR, `${lane}.log`);
	fs.appendFileSync(log, `\n===== ${what}: jest ${args.join(' ')}\n`);
	return new Promise((resolve) => {
		const child = spawn(JEST, ['--ci', ...args], {
			cwd: REPO_ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		children.add(child);
		const chunks: Buffer[] = [];
		const keep = (chunk: Buffer) => {
			chunks.push(chunk);
			fs.appendFileSync(log, chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const finish = (ok: boolean, extra = '') => {
			children.delete(child);
			resolve({
				lane,
				what,
				seconds: since(started),
				ok,
				output: Buffer.concat(chunks).toString('utf8') + extra,
			});
		};
		child.once('error', (error) => finish(false, `\ncould not start jest: ${error.message}`));
		child.once('close', (code, signal) =>
			finish(code === 0, code === 0 ? '' : `\n[jest exited with ${code ?? signal}]`),
		);
	});
}

/** The summary lines jest ends with ("Tests: 3 passed, 3 total"). */
function jestSummary(output: string): string {
	return output
		.split('\n')
		.filter((line) => /^(Test Suites|Tests):/.test(line))
		.map((line) => line.replace(/\s+/g, ' '))
		.join('; ');
}

function report(result: RunResult): void {
	const mark = result.ok ? 'passed' : 'FAILED';
	say(
		`${result.lane}: ${result.what} ${mark} in ${formatSeconds(result.seconds)} (${jestSummary(result.output) || 'no jest summary'})`,
	);
}

/** The real n8n installed and this repository packed once, before any e2e file needs them. */
async function prepareE2e(): Promise<void> {
	const started = Date.now();
	const n8n = await ensureN8n({ quiet: true });
	say(`prepare: n8n ${n8n.installed ? 'installed' : 'reused'} in ${formatSeconds(since(started))}`);
	const packStarted = Date.now();
	await packProject({ build: true, copyFirst: true, quiet: true });
	say(`prepare: pack built in ${formatSeconds(since(packStarted))}`);
}

function e2eFiles(): string[] {
	return fs
		.readdirSync(path.join(REPO_ROOT, 'test', 'e2e'))
		.filter((file) => file.endsWith('.test.ts'))
		.map((file) => path.join('test', 'e2e', file));
}

async function runSuite(): Promise<number> {
	fs.rmSync(LOG_DIR, { recursive: true, force: true });
	fs.mkdirSync(LOG_DIR, { recursive: true });
	const laneCount = e2eLaneCount();
	const files = e2eFiles();
	say(
		`lanes: in-process (${IN_PROCESS_PROJECTS.join(', ')}), then e2e, beside ${laneCount} e2e lanes ` +
			`(${files.length} files, longest first), then the cluster files and ${ALONE_PROJECTS.join(', ')} alone; ` +
			`logs in ${path.relative(REPO_ROOT, LOG_DIR)}/`,
	);

	// Whichever lane is free takes the next e2e file, once n8n is installed and the pack built; the
	// in-process lane joins them when its own run is done.
	const queue = longestFirst(files.filter((file) => !runsAlone(file)));
	const prepared = (async (): Promise<RunResult | undefined> => {
		const started = Date.now();
		try {
			await prepareE2e();
			return undefined;
		} catch (error) {
			const output = error instanceof Error ? (error.stack ?? error.message) : String(error);
			return { lane: 'e2e', what: 'prepare', seconds: since(started), ok: false, output };
		}
	})();
	const e2eLane = async (name: string): Promise<RunResult[]> => {
		const results: RunResult[] = [];
		if (await prepared) return results;
		for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
			const result = await runJest(name, file, [
				'--selectProjects',
				'e2e',
				'--runTestsByPath',
				file,
			]);
			report(result);
			results.push(result);
		}
		return results;
	};
	const inProcessThenE2e = async (): Promise<RunResult[]> => {
		const result = await runJest('in-process', IN_PROCESS_PROJECTS.join(', '), [
			'--selectProjects',
			...IN_PROCESS_PROJECTS,
		]);
		report(result);
		return [result, ...(await e2eLane(`e2e-${laneCount + 1}`))];
	};
	const lanes = await Promise.all([
		inProcessThenE2e(),
		...Array.from({ length: laneCount }, (_, index) => e2eLane(`e2e-${index + 1}`)),
	]);
	const prepareFailure = await prepared;
	if (prepareFailure) report(prepareFailure);
	const results = [...(prepareFailure ? [prepareFailure] : []), ...lanes.flat()];
	if (!(await prepared))
		for (const file of files.filter(runsAlone)) {
			const result = await runJest('alone', file, [
				'--selectProjects',
				'e2e',
				'--runTestsByPath',
				file,
			]);
			report(result);
			results.push(result);
		}
	const alone = await runJest('alone', ALONE_PROJECTS.join(', '), [
		'--selectProjects',
		...ALONE_PROJECTS,
	]);
	report(alone);
	results.push(alone);

	const laneSeconds = new Map<string, number>();
	for (const result of results)
		laneSeconds.set(result.lane, (laneSeconds.get(result.lane) ?? 0) + result.seconds);
	say('durations:');
	for (const [lane, seconds] of laneSeconds) say(`  ${lane.padEnd(12)} ${formatSeconds(seconds)}`);
	say(`  ${'total'.padEnd(12)} ${formatSeconds(since(startedAt))}`);

	const failed = results.filter((result) => !result.ok);
	for (const result of failed) {
		process.stdout.write(
			`\n${'='.repeat(20)} FAILED: ${result.lane}, ${result.what} ${'='.repeat(20)}\n` +
				`${result.output.trimEnd()}\n${'='.repeat(20)} end of ${result.lane}, ${result.what} ${'='.repeat(20)}\n`,
		);
	}
	say(
		failed.length === 0
			? `all ${results.length} runs passed`
			: `${failed.length} of ${results.length} runs FAILED: ${failed.map((result) => `${result.lane} ${result.what}`).join(', ')}`,
	);
	return failed.length === 0 ? 0 : 1;
}

function stopChildren(signal: NodeJS.Signals): void {
	for (const child of children) {
		try {
			if (child.pid !== undefined) process.kill(-child.pid, signal);
		} catch {
			// Already gone.
		}
	}
}

function plainJest(args: string[]): Promise<number> {
	return new Promise((resolve) => {
		const child = spawn(JEST, args, { cwd: REPO_ROOT, stdio: 'inherit' });
		child.once('close', (code) => resolve(code ?? 1));
	});
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		stopChildren(signal);
		process.exit(130);
	});
}

const args = process.argv.slice(2);
(args.length > 0 ? plainJest(args) : runSuite()).then(
	(code) => process.exit(code),
	(error: unknown) => {
		stopChildren('SIGTERM');
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
		process.exit(1);
	},
);
