import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * n8n's community-package scanner (`@n8n/scan-community-package`), run offline on this project.
 *
 * The scanner itself downloads a published version from npm, checks its provenance, fetches the
 * source commit the provenance names and lints two things with its own rule set: that source
 * (package.json, nodes/, credentials/) and the compiled JavaScript of the tarball. This script
 * runs the same analysis (the scanner's own `analyzePackage`, with the scanner's own file
 * patterns) on what `npm pack` makes of the built project and on this working tree, without the
 * network steps. Run `npm run build` first; `npm run lint` does.
 *
 * Prints every finding; exits 1 on any, 2 when it cannot run.
 */

interface AnalysisResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface ScannerModule {
	analyzePackage(packageDir: string, filePatterns?: string[]): Promise<AnalysisResult>;
	SOURCE_FILE_PATTERNS: string[];
}

/** The scanner's file patterns for the tarball leg: compiled JavaScript and the published manifest. */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

const ROOT = path.resolve(__dirname, '..');

function npmEnv(): NodeJS.ProcessEnv {
	// Settings of an outer `npm run` (npm_config_*) would leak into the nested `npm pack`.
	return Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')),
	);
}

function run(command: string, args: string[], cwd: string): string {
	const result = spawnSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8' });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr || result.stdout}`,
		);
	}
	return result.stdout;
}

/** `npm pack` of the built project, unpacked as npm would install it; returns the package folder. */
function packAndUnpack(workDir: string): { tarball: string; packageDir: string; files: string[] } {
	if (!fs.existsSync(path.join(ROOT, 'dist')))
		throw new Error('dist/ does not exist: run `npm run build` first');
	const [packed] = JSON.parse(
		run('npm', ['pack', '--json', '--pack-destination', workDir], ROOT),
	) as Array<{
		filename: string;
		files: Array<{ path: string }>;
	}>;
	const tarball = path.join(workDir, packed.filename);
	const packageDir = path.join(workDir, 'package');
	fs.mkdirSync(packageDir);
	run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], workDir);
	return { tarball, packageDir, files: packed.files.map((file) => file.path) };
}

async function loadScanner(): Promise<ScannerModule> {
	const scannerDir = path.dirname(require.resolve('@n8n/scan-community-package/package.json'));
	// Loading the scanner makes a temporary folder (for downloads, which this script skips):
	// let its `tmp` package remove it when the process ends.
	const tmpFile = pathToFileURL(require.resolve('tmp', { paths: [scannerDir] })).href;
	const tmp = (await import(tmpFile)) as { default: { setGracefulCleanup(): void } };
	tmp.default.setGracefulCleanup();
	return (await import(
		pathToFileURL(path.join(scannerDir, 'scanner', 'scanner.mjs')).href
	)) as ScannerModule;
}

function report(
	label: string,
	result: AnalysisResult,
	shownRoot: string,
	realRoot: string,
): boolean {
	if (result.passed) {
		console.log(`✓ ${label}: no findings${result.message ? ` (${result.message})` : ''}`);
		return true;
	}
	console.log(`✗ ${label}: ${result.message ?? 'failed'}`);
	if (result.details) console.log(result.details.split(realRoot).join(shownRoot));
	return false;
}

async function main() {
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
	try {
		const { tarball, packageDir, files } = packAndUnpack(workDir);
		console.log(`packed ${files.length} files: ${path.basename(tarball)}`);
		const scanner = await loadScanner();

		// Both legs of the scanner's verdict: the compiled tarball and the source it was built from.
		const tarballResult = await scanner.analyzePackage(packageDir, TARBALL_FILE_PATTERNS);
		const sourceResult = await scanner.analyzePackage(ROOT, scanner.SOURCE_FILE_PATTERNS);

		const passed = [
			report(
				`tarball (${TARBALL_FILE_PATTERNS.join(', ')})`,
				tarballResult,
				'<tarball>',
				packageDir,
			),
			report(`source (${scanner.SOURCE_FILE_PATTERNS.join(', ')})`, sourceResult, '.', ROOT),
		].every(Boolean);
		process.exitCode = passed ? 0 : 1;
	} finally {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 2;
});
