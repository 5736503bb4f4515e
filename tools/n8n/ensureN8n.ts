import * as fs from 'node:fs';
import * as path from 'node:path';
import { envWithoutNpmConfig, withPathFirst } from './cleanEnv';
import {
	MARKER_FILE,
	N8N_VERSION,
	NODE24_PACKAGE,
	NODE24_VERSION,
	defaultCacheDir,
	layoutOf,
	nodePackageDirOf,
	type N8nInstall,
} from './n8nInstallLayout';
import { withInstallLock } from './installLock';
import { createProgress, type Progress } from './progress';
import { runCommand, tail } from './runCommand';

export interface EnsureN8nOptions {
	cacheDir?: string;
	quiet?: boolean;
}

export interface EnsuredN8n extends N8nInstall {
	/** True when this call installed n8n; false when the cache was reused. */
	installed: boolean;
	seconds: number;
}

const INSTALL_TIMEOUT_MS = 20 * 60_000;

/** Installs the pinned n8n with Node 24 into a git-ignored cache folder once, and reuses it afterwards. */
export async function ensureN8n(options: EnsureN8nOptions = {}): Promise<EnsuredN8n> {
	const cacheDir = options.cacheDir ?? defaultCacheDir();
	const progress = createProgress('ensureN8n', options.quiet);
	const isComplete = (): boolean => fs.existsSync(path.join(cacheDir, MARKER_FILE));
	let installed = false;
	if (isComplete()) {
		progress.step(`reusing ${cacheDir}`);
	} else {
		fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
		await withInstallLock(`${cacheDir}.lock`, progress, async () => {
			if (isComplete()) return;
			await installInto(cacheDir, progress);
			installed = true;
		});
	}
	const layout = layoutOf(cacheDir);
	await verifyVersion(layout, progress);
	return { ...layout, installed, seconds: progress.elapsedSeconds() };
}

/**
 * Installs into a staging folder and renames it into place, so an interrupted install never
 * leaves a half-filled cache folder that looks complete.
 */
const PINNED_LOCKFILE = path.join(__dirname, 'n8nInstall', 'package-lock.json');

async function installInto(cacheDir: string, progress: Progress): Promise<void> {
	const stagingDir = `${cacheDir}.partial-${process.pid}`;
	// Holding the install lock: any other staging folder is the remains of an interrupted install.
	const prefix = `${path.basename(cacheDir)}.partial-`;
	for (const entry of fs.readdirSync(path.dirname(cacheDir))) {
		if (entry.startsWith(prefix))
			fs.rmSync(path.join(path.dirname(cacheDir), entry), { recursive: true, force: true });
	}
	fs.mkdirSync(stagingDir, { recursive: true });
	writeCachePackageJson(stagingDir);
	// The committed lockfile pins n8n's whole dependency tree, so every machine installs the same n8n.
	fs.copyFileSync(PINNED_LOCKFILE, path.join(stagingDir, 'package-lock.json'));
	const env = envWithoutNpmConfig();

	progress.step(
		`npm install n8n@${N8N_VERSION} ${NODE24_PACKAGE}@${NODE24_VERSION} into ${stagingDir} (several minutes)`,
	);
	await npmOrThrow(
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		stagingDir,
		env,
		'npm install',
	);

	const nodePackageDir = nodePackageDirOf(stagingDir);
	progress.step(`npm rebuild sqlite3 against Node ${NODE24_VERSION} headers (about a minute)`);
	await npmOrThrow(
		[
			'rebuild',
			'sqlite3',
			'--ignore-scripts=false',
			`--nodedir=${nodePackageDir}`,
			'--loglevel=error',
		],
		stagingDir,
		withPathFirst(path.join(nodePackageDir, 'bin'), {
			...env,
			// sqlite3's install script tries prebuild-install first; there is no binary host to reach here.
			npm_config_build_from_source: 'true',
			npm_config_nodedir: nodePackageDir,
		}),
		'npm rebuild sqlite3',
	);

	const marker = {
		n8n: N8N_VERSION,
		node: NODE24_VERSION,
		installSeconds: progress.elapsedSeconds(),
	};
	fs.writeFileSync(path.join(stagingDir, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
	fs.rmSync(cacheDir, { recursive: true, force: true });
	fs.renameSync(stagingDir, cacheDir);
	progress.step(`installed into ${cacheDir}`);
}

function writeCachePackageJson(dir: string): void {
	const packageJson = {
		name: 'n8n-e2e-cache',
		private: true,
		description:
			'Real n8n for the e2e runner of n8n-nodes-social-gateway (generated, not committed).',
		dependencies: { n8n: N8N_VERSION, [NODE24_PACKAGE]: NODE24_VERSION },
		overrides: { linkedom: '0.18.12' },
	};
	fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
}

async function npmOrThrow(
	args: string[],
	cwd: string,
	env: NodeJS.ProcessEnv,
	what: string,
): Promise<void> {
	const result = await runCommand('npm', args, { cwd, env, timeoutMs: INSTALL_TIMEOUT_MS });
	if (result.code !== 0) {
		throw new Error(
			`${what} failed (exit ${result.code}) in ${cwd}:\n${tail(result.stderr + result.stdout)}`,
		);
	}
}

async function verifyVersion(layout: N8nInstall, progress: Progress): Promise<void> {
	const result = await runCommand(layout.nodeBin, [layout.n8nEntry, '--version'], {
		env: withPathFirst(layout.nodeBinDir, envWithoutNpmConfig()),
		timeoutMs: 60_000,
	});
	const version = result.stdout.trim().split('\n').pop() ?? '';
	if (result.code !== 0 || version !== N8N_VERSION) {
		throw new Error(
			`n8n --version under Node ${NODE24_VERSION} gave exit ${result.code}, "${version}"; ` +
				`delete ${layout.cacheDir} to reinstall.\n${tail(result.stderr)}`,
		);
	}
	// --version does not open the database: load the rebuilt driver too, or a broken build shows up only later.
	const sqlite = await runCommand(layout.nodeBin, ['-e', "require('sqlite3')"], {
		cwd: layout.cacheDir,
		env: envWithoutNpmConfig(),
		timeoutMs: 60_000,
	});
	if (sqlite.code !== 0) {
		throw new Error(
			`sqlite3 does not load under Node ${NODE24_VERSION}; delete ${layout.cacheDir} to reinstall.\n${tail(sqlite.stderr)}`,
		);
	}
	progress.step(`n8n ${version} and its sqlite3 driver run under Node ${NODE24_VERSION}`);
}
