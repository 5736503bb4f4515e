import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { envWithoutNpmConfig } from './cleanEnv';
import { withInstallLock } from './installLock';
import { REPO_ROOT } from './n8nInstallLayout';
import { createProgress, type Progress } from './progress';
import { runCommand, tail } from './runCommand';

export interface PackOptions {
	/** The package folder to pack (default: this repository, which must be built). */
	projectDir?: string;
	/** Run `npm run build` first (default false: the caller built already). */
	build?: boolean;
	/**
	 * Build and pack a copy in a temporary folder (node_modules linked), so a build by someone else
	 * in the working tree at the same time cannot hand `npm pack` a half-written dist/.
	 */
	copyFirst?: boolean;
	destination?: string;
	quiet?: boolean;
}

/** `npm pack` of a package folder, as npm would publish it; returns the tarball's absolute path. */
export async function packProject(options: PackOptions = {}): Promise<string> {
	const progress = createProgress('packProject', options.quiet);
	const sourceDir = options.projectDir ?? REPO_ROOT;
	if (!options.copyFirst) return await buildAndPack(sourceDir, options, progress);
	// A copy is built from the sources as they are: the same sources give the same tarball, so the
	// e2e tests of one run build and pack once (about 20 s each otherwise).
	const destination = options.destination ?? path.join(REPO_ROOT, '.cache', 'pack');
	const cached = path.join(
		REPO_ROOT,
		'.cache',
		'pack-by-source',
		`${sourceHash(sourceDir)}${options.build ? '-built' : ''}`,
	);
	// Lanes of one test run pack at the same time: the first builds, the others wait and reuse.
	fs.mkdirSync(path.dirname(cached), { recursive: true });
	return await withInstallLock(`${cached}.lock`, progress, async () => {
		const reused = fs.existsSync(cached)
			? fs.readdirSync(cached).find((file) => file.endsWith('.tgz'))
			: undefined;
		if (reused) {
			progress.step(`reused ${reused}, packed earlier from the same sources`);
			return copyInto(path.join(cached, reused), destination);
		}
		const projectDir = copyProject(sourceDir);
		try {
			const packed = await buildAndPack(
				projectDir,
				{ ...options, destination: path.join(projectDir, '.packed') },
				progress,
			);
			const staging = `${cached}.partial-${process.pid}`;
			fs.mkdirSync(staging, { recursive: true });
			fs.copyFileSync(packed, path.join(staging, path.basename(packed)));
			fs.rmSync(cached, { recursive: true, force: true });
			fs.renameSync(staging, cached);
			return copyInto(packed, destination);
		} finally {
			fs.rmSync(projectDir, { recursive: true, force: true });
		}
	});
}

/** Copies a file into a folder through a rename, so a reader of the same path never sees it half-written. */
function copyInto(file: string, destination: string): string {
	fs.mkdirSync(destination, { recursive: true });
	const target = path.join(destination, path.basename(file));
	const staging = `${target}.partial-${process.pid}`;
	fs.copyFileSync(file, staging);
	fs.renameSync(staging, target);
	return target;
}

/** A digest of every file a copy would take (paths and contents). */
function sourceHash(sourceDir: string): string {
	const hash = crypto.createHash('sha256');
	const visit = (relative: string) => {
		const full = path.join(sourceDir, relative);
		const stat = fs.lstatSync(full);
		if (stat.isDirectory()) {
			for (const entry of fs.readdirSync(full).sort()) {
				if (relative === '' && (NOT_COPIED.has(entry) || entry.endsWith('.tgz'))) continue;
				visit(path.join(relative, entry));
			}
		} else {
			hash.update(`${relative}\0`);
			hash.update(stat.isSymbolicLink() ? fs.readlinkSync(full) : fs.readFileSync(full));
		}
	};
	visit('');
	return hash.digest('hex').slice(0, 16);
}

/** Top-level folders a pack is never built from. */
const NOT_COPIED = new Set([
	'node_modules',
	'.git',
	'.cache',
	'dist',
	'coverage',
	'test-artifacts',
	'demo-output',
	'.notes',
]);

function copyProject(sourceDir: string): string {
	const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-build-'));
	for (const entry of fs.readdirSync(sourceDir)) {
		if (NOT_COPIED.has(entry) || entry.endsWith('.tgz')) continue;
		fs.cpSync(path.join(sourceDir, entry), path.join(copy, entry), { recursive: true });
	}
	if (fs.existsSync(path.join(sourceDir, 'node_modules'))) {
		fs.symlinkSync(path.join(sourceDir, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
	}
	return copy;
}

async function buildAndPack(
	projectDir: string,
	options: PackOptions,
	progress: Progress,
): Promise<string> {
	const destination = options.destination ?? path.join(REPO_ROOT, '.cache', 'pack');
	fs.mkdirSync(destination, { recursive: true });
	const env = envWithoutNpmConfig();
	if (options.build) {
		progress.step('npm run build');
		const build = await runCommand('npm', ['run', 'build'], {
			cwd: projectDir,
			env,
			timeoutMs: 10 * 60_000,
		});
		if (build.code !== 0)
			throw new Error(
				`npm run build failed (exit ${build.code}):\n${tail(build.stdout + build.stderr)}`,
			);
	}
	const packageJson = JSON.parse(
		fs.readFileSync(path.join(projectDir, 'package.json'), 'utf8'),
	) as { files?: string[] };
	if (packageJson.files?.includes('dist') && !fs.existsSync(path.join(projectDir, 'dist'))) {
		throw new Error(
			`${projectDir}/dist does not exist: run \`npm run build\` before packing (or pass build: true)`,
		);
	}
	progress.step(`npm pack ${projectDir} into ${destination}`);
	const pack = await runCommand('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: projectDir,
		env,
		timeoutMs: 5 * 60_000,
	});
	if (pack.code !== 0)
		throw new Error(`npm pack failed (exit ${pack.code}):\n${tail(pack.stderr + pack.stdout)}`);
	const [packed] = JSON.parse(pack.stdout) as Array<{ filename: string; entryCount: number }>;
	const tarball = path.join(destination, packed.filename);
	progress.step(`packed ${packed.entryCount} files into ${tarball}`);
	return tarball;
}

/**
 * How the pack reaches `<userFolder>/.n8n/nodes`:
 * - `npm`: by hand, `npm install <tarball>` beside a package.json there (npm also installs the
 *   peer dependency n8n-workflow, so the pack runs with its own copy of it);
 * - `n8n-ui`: what n8n 2.41's Settings > Community Nodes does (CommunityPackagesService
 *   .downloadPackage): unpack into node_modules/<name>, drop dev/peer/optional dependencies, then
 *   `npm install` inside the package; the pack then resolves n8n-workflow from n8n itself;
 * - `readme`: exactly the by-hand install line of README.md (see readmeInstallLine), run by a
 *   shell with HOME set to the user folder, the registry name replaced by the tarball.
 */
export type PackInstallStyle = 'npm' | 'n8n-ui' | 'readme';

/** Marks the README's by-hand install line: the first line of the next fenced code block. */
export const README_INSTALL_MARKER =
	'<!-- by-hand-install: run as written by test/e2e/packInstall.test.ts -->';

/** The by-hand install line users copy from README.md. */
export function readmeInstallLine(
	readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'),
): string {
	const at = readme.indexOf(README_INSTALL_MARKER);
	if (at < 0)
		throw new Error(
			`README.md lacks the marker ${README_INSTALL_MARKER} before its by-hand install line`,
		);
	const block = /```[a-z]*\n([^\n]+)\n```/.exec(readme.slice(at));
	if (!block) throw new Error('README.md: no one-line code block after the by-hand install marker');
	return block[1].trim();
}

/** The README's line with the registry name (its last word) replaced by a tarball, as a shell command. */
export function readmeInstallCommandFor(
	tarball: string,
	packageName: string,
	line = readmeInstallLine(),
): string {
	const words = line.split(/\s+/);
	if (words[words.length - 1] !== packageName) {
		throw new Error(
			`README.md's by-hand install line must end with the package name ${packageName}: ${line}`,
		);
	}
	return [...words.slice(0, -1), `'${path.resolve(tarball).replace(/'/g, "'\\''")}'`].join(' ');
}

export interface InstallPackOptions {
	style?: PackInstallStyle;
	quiet?: boolean;
	/**
	 * Install for real even when the same tarball was installed the same way before (the install
	 * test does). Otherwise an npm or n8n-ui install into an empty nodes folder is done once per
	 * tarball and style, and copied after that, as n8n's queue-mode workers copy it (about a minute
	 * saved per e2e test).
	 */
	fresh?: boolean;
}

const NPM_TIMEOUT_MS = 10 * 60_000;

/**
 * Installs a pack tarball the way users get it, so a wrong `files` list, `n8n` section or missing
 * runtime dependency fails here rather than in a user's n8n. Returns the installed package folder.
 */
export async function installPack(
	userFolder: string,
	tarball: string,
	options: InstallPackOptions = {},
): Promise<string> {
	const style = options.style ?? 'npm';
	const progress = createProgress('installPack', options.quiet);
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const name = await packageNameOf(tarball);
	const installedDir = path.join(nodesDir, 'node_modules', name);
	const reusable =
		!options.fresh &&
		style !== 'readme' &&
		(!fs.existsSync(nodesDir) || fs.readdirSync(nodesDir).length === 0);
	if (!reusable) return await installInto(userFolder, tarball, name, style, progress);
	const cached = path.join(REPO_ROOT, '.cache', 'installed', `${style}-${fileHash(tarball)}`);
	fs.mkdirSync(path.dirname(cached), { recursive: true });
	// Held while copying too: a parallel lane with another tarball would otherwise remove this one.
	await withInstallLock(path.join(path.dirname(cached), `${style}.lock`), progress, async () => {
		if (!fs.existsSync(cached)) {
			const staging = `${cached}.partial-${process.pid}`;
			fs.rmSync(staging, { recursive: true, force: true });
			await installInto(staging, tarball, name, style, progress);
			// One kept install per style: another tarball's is half a gigabyte.
			for (const entry of fs.readdirSync(path.dirname(cached)))
				if (entry.startsWith(`${style}-`) && !entry.includes('.partial-'))
					fs.rmSync(path.join(path.dirname(cached), entry), { recursive: true, force: true });
			fs.renameSync(staging, cached);
		} else {
			progress.step(
				`${style}-style install of ${path.basename(tarball)}: copied, installed earlier`,
			);
		}
		await copyTree(path.join(cached, '.n8n', 'nodes'), nodesDir);
	});
	assertInstalledPackLooksLoadable(installedDir);
	progress.step(`installed ${installedDir}`);
	return installedDir;
}

/** Hard links where the file system allows (an npm-style install is some 45,000 files), else a copy. */
async function copyTree(from: string, to: string): Promise<void> {
	fs.mkdirSync(path.dirname(to), { recursive: true });
	fs.rmSync(to, { recursive: true, force: true });
	const linked = await runCommand('cp', ['-al', from, to]);
	if (linked.code === 0) {
		// n8n may rewrite the nodes folder's own package files: those are copies, not links.
		for (const entry of fs.readdirSync(to, { withFileTypes: true }))
			if (entry.isFile()) {
				fs.rmSync(path.join(to, entry.name));
				fs.copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
			}
		return;
	}
	fs.rmSync(to, { recursive: true, force: true });
	fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

const fileHash = (file: string) =>
	crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);

async function installInto(
	userFolder: string,
	tarball: string,
	name: string,
	style: PackInstallStyle,
	progress: Progress,
): Promise<string> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const installedDir = path.join(nodesDir, 'node_modules', name);
	progress.step(`${style}-style install of ${path.basename(tarball)} into ${nodesDir}`);
	if (style === 'readme') {
		// The user folder stands in for the user's home: n8n's default N8N_USER_FOLDER is HOME.
		const command = readmeInstallCommandFor(tarball, name);
		progress.step(`sh -c "${command}" with HOME=${userFolder}`);
		const result = await runCommand('sh', ['-c', command], {
			cwd: userFolder,
			// npm's download cache stays the real one (only a speed-up; the line itself is unchanged).
			env: {
				...envWithoutNpmConfig(),
				HOME: userFolder,
				npm_config_cache: path.join(os.homedir(), '.npm'),
			},
			timeoutMs: NPM_TIMEOUT_MS,
		});
		if (result.code !== 0)
			throw new Error(
				`the README's install line failed (exit ${result.code}):\n${tail(result.stderr + result.stdout)}`,
			);
	} else if (style === 'npm') {
		writeNodesPackageJson(nodesDir, {});
		await npmOrThrow(
			[
				'install',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
				path.resolve(tarball),
			],
			nodesDir,
		);
	} else {
		fs.mkdirSync(installedDir, { recursive: true });
		const untar = await runCommand('tar', [
			'-xzf',
			path.resolve(tarball),
			'-C',
			installedDir,
			'--strip-components=1',
		]);
		if (untar.code !== 0) throw new Error(`unpacking ${tarball} failed: ${tail(untar.stderr)}`);
		const packageJsonPath = path.join(installedDir, 'package.json');
		const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } = JSON.parse(
			fs.readFileSync(packageJsonPath, 'utf8'),
		) as Record<string, unknown> & { version: string };
		fs.writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2));
		await npmOrThrow(
			[
				'install',
				'--audit=false',
				'--fund=false',
				'--bin-links=false',
				'--install-strategy=shallow',
				'--ignore-scripts=true',
				'--package-lock=false',
				'--loglevel=error',
			],
			installedDir,
		);
		writeNodesPackageJson(nodesDir, { [name]: packageJson.version });
	}
	assertInstalledPackLooksLoadable(installedDir);
	progress.step(`installed ${installedDir}`);
	return installedDir;
}

function writeNodesPackageJson(nodesDir: string, dependencies: Record<string, string>): void {
	const packageJsonPath = path.join(nodesDir, 'package.json');
	const existing = fs.existsSync(packageJsonPath)
		? (JSON.parse(fs.readFileSync(packageJsonPath, 'utf8')) as {
				dependencies?: Record<string, string>;
			})
		: {};
	const packageJson = {
		name: 'installed-nodes',
		private: true,
		...existing,
		dependencies: { ...existing.dependencies, ...dependencies },
	};
	fs.writeFileSync(packageJsonPath, `${JSON.stringify(packageJson, null, 2)}\n`);
}

async function npmOrThrow(args: string[], cwd: string): Promise<void> {
	const result = await runCommand('npm', args, {
		cwd,
		env: envWithoutNpmConfig(),
		timeoutMs: NPM_TIMEOUT_MS,
	});
	if (result.code !== 0) {
		throw new Error(
			`npm ${args[0]} in ${cwd} failed (exit ${result.code}):\n${tail(result.stderr + result.stdout)}`,
		);
	}
}

async function packageNameOf(tarball: string): Promise<string> {
	const result = await runCommand('tar', ['-xzOf', tarball, 'package/package.json']);
	if (result.code !== 0)
		throw new Error(`${tarball} has no package/package.json: ${tail(result.stderr)}`);
	return (JSON.parse(result.stdout) as { name: string }).name;
}

/** Fails with a clear message when the files n8n will require are not in the installed package. */
export function assertInstalledPackLooksLoadable(installedDir: string): void {
	const packageJsonPath = path.join(installedDir, 'package.json');
	if (!fs.existsSync(packageJsonPath)) throw new Error(`no package.json in ${installedDir}`);
	const packageJson = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const declared = [...(packageJson.n8n?.nodes ?? []), ...(packageJson.n8n?.credentials ?? [])];
	if (declared.length === 0)
		throw new Error(`${packageJsonPath} declares no n8n nodes or credentials`);
	const missing = declared.filter((file) => !fs.existsSync(path.join(installedDir, file)));
	if (missing.length > 0) {
		throw new Error(
			`the installed pack lacks files its package.json "n8n" section names: ${missing.join(', ')}`,
		);
	}
}
