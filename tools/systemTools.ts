import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The programs the tests drive that come from Debian's packages rather than from npm (sox,
 * ffmpeg, chromium, redis-server, postgresql). A test asks for them here: when one is missing, its
 * package is installed with apt-get, once per machine, so `npm test` needs nothing but
 * `npm install` and root. `.ci/run` installs the same packages up front; then this finds them.
 *
 * Parallel jest workers take turns through `flock` on one lock file (the kernel lets go of it
 * when a worker dies); `apt-get update` runs once per machine (a stamp file next to the lock),
 * again only when an install on the lists it left fails.
 */

export interface SystemTool {
	/** What the tests run, for messages: `soxi`, `redis-server`, `initdb`, … */
	program: string;
	/** The Debian package that brings it. */
	debianPackage: string;
	/** Where the tool is (a file or folder), or undefined while it is missing. */
	find(): string | undefined;
}

const LOCK_FILE = path.join(os.tmpdir(), 'n8n-nodes-social-gateway-apt.lock');
const UPDATED_STAMP = path.join(os.tmpdir(), 'n8n-nodes-social-gateway-apt-updated');
const LOCK_WAIT_SECONDS = 30 * 60;
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const APT_OPTIONS = '-o DPkg::Lock::Timeout=600';

// $1 is the stamp; the packages follow. Output goes to the caller, which shows it only on failure.
const INSTALL_SCRIPT = `
stamp=$1; shift
export DEBIAN_FRONTEND=noninteractive
install() { apt-get install -y --no-install-recommends ${APT_OPTIONS} "$@"; }
# Another worker may have installed them while this one waited for the lock.
installed=yes
for p in "$@"; do
	[ "$(dpkg-query -W -f='\${db:Status-Status}' "$p" 2>/dev/null)" = installed ] || installed=no
done
[ $installed = yes ] && exit 0
if [ -e "$stamp" ] && install "$@"; then exit 0; fi
apt-get update ${APT_OPTIONS} || exit $?
touch "$stamp"
install "$@"
`;

/** The command to type by hand, as root: also what the errors quote. */
export function aptCommand(packages: string[]): string {
	return `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/** A program found on PATH or at one of `fallbacks` (an absolute path each). */
export function programTool(
	program: string,
	debianPackage: string,
	fallbacks: string[] = [],
): SystemTool {
	return {
		program,
		debianPackage,
		find: () => findOnPath(program) ?? fallbacks.find(isExecutable),
	};
}

/** Makes sure every tool is there, installing the missing ones' packages; returns what `find()` gave, in order. */
export async function ensureSystemTools(tools: SystemTool[]): Promise<string[]> {
	const packages = missingPackages(tools);
	if (packages.length > 0) {
		const started = announce(packages);
		const [command, args] = installCommand(packages);
		const result = await runAsync(command, args, INSTALL_TIMEOUT_MS);
		finish(packages, result, started);
	}
	return located(tools);
}

/** The same for synchronous callers (a plain `beforeAll(() => …)`): blocks while apt-get runs. */
export function ensureSystemToolsSync(tools: SystemTool[]): string[] {
	const packages = missingPackages(tools);
	if (packages.length > 0) {
		const started = announce(packages);
		const [command, args] = installCommand(packages);
		const result = spawnSync(command, args, {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: INSTALL_TIMEOUT_MS,
		});
		finish(
			packages,
			{
				code: result.status,
				output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
				error: result.error,
			},
			started,
		);
	}
	return located(tools);
}

interface InstallResult {
	code: number | null;
	output: string;
	error?: Error;
}

/** The packages of the missing tools; throws, saying what to run, when this process cannot install them. */
function missingPackages(tools: SystemTool[]): string[] {
	const packages = [
		...new Set(tools.filter((tool) => tool.find() === undefined).map((tool) => tool.debianPackage)),
	];
	if (packages.length === 0) return packages;
	const programs = tools
		.filter((tool) => packages.includes(tool.debianPackage))
		.map((tool) => tool.program);
	const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
	if (uid !== 0) {
		throw new Error(
			`${programs.join(', ')} not found, and only root can install Debian's ${plural(packages)} ` +
				`(this process runs as uid ${uid ?? 'unknown'}). Run as root: ${aptCommand(packages)}`,
		);
	}
	for (const needed of ['apt-get', 'flock']) {
		if (!findOnPath(needed)) {
			throw new Error(
				`${programs.join(', ')} not found, and ${needed} is not on PATH to install Debian's ${plural(packages)} ` +
					`(the tests expect a Debian machine). Install ${packages.join(' ')} by hand, as on Debian: ${aptCommand(packages)}`,
			);
		}
	}
	return packages;
}

function installCommand(packages: string[]): [string, string[]] {
	return [
		'flock',
		[
			'--wait',
			String(LOCK_WAIT_SECONDS),
			LOCK_FILE,
			'sh',
			'-c',
			INSTALL_SCRIPT,
			'sh',
			UPDATED_STAMP,
			...packages,
		],
	];
}

function announce(packages: string[]): number {
	process.stderr.write(
		`[systemTools] installing Debian's ${plural(packages)} (first use on this machine, as root; a few seconds to minutes)\n`,
	);
	return Date.now();
}

function finish(packages: string[], result: InstallResult, started: number): void {
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	if (result.error || result.code !== 0) {
		const why = result.error ? result.error.message : `exit ${result.code}`;
		throw new Error(
			`installing Debian's ${plural(packages)} failed (${why}, after ${seconds}s). ` +
				`Install ${packages.length > 1 ? 'them' : 'it'} as root: ${aptCommand(packages)}\n` +
				lastLines(result.output),
		);
	}
	process.stderr.write(`[systemTools] installed ${packages.join(' ')} in ${seconds}s\n`);
}

function located(tools: SystemTool[]): string[] {
	return tools.map((tool) => {
		const found = tool.find();
		if (found === undefined) {
			throw new Error(
				`${tool.program} is still not found after installing Debian's package ${tool.debianPackage}; ` +
					`check that ${aptCommand([tool.debianPackage])} provides it on this system`,
			);
		}
		return found;
	});
}

function runAsync(command: string, args: string[], timeoutMs: number): Promise<InstallResult> {
	return new Promise((resolve) => {
		// Its own process group, so a timeout stops apt-get and dpkg too, not only flock.
		const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		let output = '';
		const collect = (chunk: Buffer) => {
			output = (output + chunk.toString('utf8')).slice(-64_000);
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			try {
				process.kill(-child.pid!, 'SIGTERM');
			} catch {
				// already gone
			}
		}, timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			resolve({ code: null, output, error });
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({
				code,
				output,
				error: timedOut ? new Error(`timed out after ${timeoutMs / 1000}s`) : undefined,
			});
		});
	});
}

function plural(packages: string[]): string {
	return `${packages.length > 1 ? 'packages' : 'package'} ${packages.join(' ')}`;
}

function lastLines(text: string, count = 30): string {
	return text.trimEnd().split('\n').slice(-count).join('\n');
}

export function findOnPath(program: string): string | undefined {
	return (process.env.PATH ?? '')
		.split(':')
		.filter(Boolean)
		.map((dir) => path.join(dir, program))
		.find(isExecutable);
}

export function isExecutable(file: string): boolean {
	try {
		fs.accessSync(file, fs.constants.X_OK);
		return fs.statSync(file).isFile();
	} catch {
		return false;
	}
}
