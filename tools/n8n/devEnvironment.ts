import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import { SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';
import { gatewayCredential, type ImportableCredential } from './credentials';
import { devLoginFor, ownerEnv, signInByRest, type DevLogin } from './devOwner';
import { ensureN8n } from './ensureN8n';
import { installPack, packProject } from './installPack';
import { REPO_ROOT, type N8nInstall } from './n8nInstallLayout';
import { errorMessages } from './n8nOutput';
import { freePort, n8nEnv } from './n8nEnv';
import { startN8nServer } from './n8nServer';
import { createProgress } from './progress';
import { runCommand, tail } from './runCommand';
import { redactor } from './workflowRunner';
import { isAlive } from './installLock';
import type { InterfaceNames } from '../../nodes/shared/transport/wireNames';

export const DEFAULT_DEV_USER_FOLDER = path.join(REPO_ROOT, '.cache', 'dev-n8n');
export const DEFAULT_N8N_PORT = 5678;
export const DEFAULT_SIMULATOR_PORT = 8787;
export const DEV_CREDENTIAL_ID = 'devGatewayCred01';
export const DEV_CREDENTIAL_NAME = 'Social Gateway (simulator)';

export interface DevEnvironmentOptions {
	/** Editor port; default 5678; 0 picks a free port. A taken port is an error (n8n cannot move silently). */
	n8nPort?: number;
	/** Simulator port; default 8787, or a free port when 8787 is taken; 0 picks a free port. */
	simulatorPort?: number;
	/** n8n's user folder (sqlite, installed pack, login); default .cache/dev-n8n, kept between starts. */
	userFolder?: string;
	/** Use this pack tarball instead of building and packing the working tree. */
	packTarball?: string;
	/** Address n8n listens on; default 127.0.0.1. */
	listenAddress?: string;
	/** Extra environment for n8n (wins over the defaults). */
	env?: NodeJS.ProcessEnv;
	/** The names the simulator speaks and the credential asks for; default the upstream's own. */
	interfaceNames?: InterfaceNames;
	quiet?: boolean;
}

export interface DevEnvironment {
	editorUrl: string;
	login: DevLogin;
	simulator: Simulator;
	credential: { id: string; name: string };
	userFolder: string;
	/** n8n's own log (JSON lines). */
	logFile: string;
	timings: {
		packSeconds: number;
		installSeconds: number;
		importSeconds: number;
		n8nStartSeconds: number;
		totalSeconds: number;
	};
	/** Resolves when n8n exits by itself (crash) or after stop(). */
	n8nExited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	/** Stops n8n (and its task runner), then the simulator. Safe to call twice. */
	stop(): Promise<void>;
}

/**
 * The n8n editor on this machine with the pack and the simulator: builds and packs the working
 * tree, starts the simulator, installs the pack into the user folder (again only when the tarball
 * changed), imports the credential "Social Gateway (simulator)", then runs `n8n start` with an
 * owner created from the environment, and checks the login works before returning.
 */
export async function startDevEnvironment(
	options: DevEnvironmentOptions = {},
): Promise<DevEnvironment> {
	const progress = createProgress('dev', options.quiet);
	const userFolder = path.resolve(options.userFolder ?? DEFAULT_DEV_USER_FOLDER);
	fs.mkdirSync(userFolder, { recursive: true });
	const releaseFolder = claimUserFolder(userFolder);
	try {
		return await startIn(userFolder, options, progress, releaseFolder);
	} catch (error) {
		releaseFolder();
		throw error;
	}
}

async function startIn(
	userFolder: string,
	options: DevEnvironmentOptions,
	progress: ReturnType<typeof createProgress>,
	releaseFolder: () => void,
): Promise<DevEnvironment> {
	const n8nPort = options.n8nPort === 0 ? await freePort() : (options.n8nPort ?? DEFAULT_N8N_PORT);
	await assertPortFree(n8nPort, 'n8n');
	const n8n = await ensureN8n({ quiet: options.quiet });

	let started = Date.now();
	const tarball =
		options.packTarball ??
		(await packProject({
			build: true,
			copyFirst: true,
			destination: path.join(userFolder, 'pack'),
			quiet: options.quiet,
		}));
	const packSeconds = (Date.now() - started) / 1000;

	started = Date.now();
	await ensurePackInstalled(userFolder, tarball, options.quiet);
	const installSeconds = (Date.now() - started) / 1000;

	const simulator = await startSimulatorOn(
		options.simulatorPort ?? DEFAULT_SIMULATOR_PORT,
		options.interfaceNames,
	);
	progress.step(`simulator listening on ${simulator.url}`);
	const login = devLoginFor(userFolder);
	const redact = redactor([SIMULATOR_API_KEY, login.password]);
	const editorUrl = `http://127.0.0.1:${n8nPort}`;
	const env = n8nEnv(n8n, userFolder, await freePort(), {
		...editorEnv(n8nPort, options.listenAddress ?? '127.0.0.1', editorUrl),
		...ownerEnv(n8n, login),
		...options.env,
	});

	try {
		started = Date.now();
		const credential = gatewayCredential({
			gatewayUrl: simulator.url,
			apiKey: SIMULATOR_API_KEY,
			// As a user sets it once: the routing value the simulator's avatar routes expect.
			avatarRoutingValue: SIM_AVATAR_ROUTING.value,
			interfaceNames: options.interfaceNames,
			id: DEV_CREDENTIAL_ID,
			name: DEV_CREDENTIAL_NAME,
		});
		progress.step(`n8n import:credentials "${credential.name}" -> ${simulator.url}`);
		await importCredentials(n8n, userFolder, env, [credential], redact);
		const importSeconds = (Date.now() - started) / 1000;

		const logFile = path.join(userFolder, 'n8n.log');
		progress.step(`n8n start on ${editorUrl} (log: ${logFile})`);
		const server = await startN8nServer({
			n8n,
			env,
			cwd: userFolder,
			url: editorUrl,
			logFile,
			redact,
		});
		try {
			await signInByRest(editorUrl, login);
		} catch (error) {
			await server.stop();
			throw error;
		}
		progress.step(`n8n ready in ${server.startSeconds.toFixed(1)}s`);
		let stopping: Promise<void> | undefined;
		const stop = () =>
			(stopping ??= (async () => {
				await server.stop();
				await simulator.close();
				releaseFolder();
			})());
		return {
			editorUrl,
			login,
			simulator,
			credential: { id: credential.id, name: credential.name },
			userFolder,
			logFile,
			timings: {
				packSeconds,
				installSeconds,
				importSeconds,
				n8nStartSeconds: server.startSeconds,
				totalSeconds: progress.elapsedSeconds(),
			},
			n8nExited: server.exited,
			stop,
		};
	} catch (error) {
		await simulator.close();
		throw error;
	}
}

/** Settings of `n8n start` for a local editor nobody else uses: no banners, no calls home, plain-http cookies. */
function editorEnv(port: number, listenAddress: string, editorUrl: string): NodeJS.ProcessEnv {
	return {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: listenAddress,
		N8N_EDITOR_BASE_URL: editorUrl,
		N8N_SECURE_COOKIE: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// Explicit, as n8n asks: its default for packages it has not vetted turns to false in v3.
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// Its start-up task fetches the MCP server list from api.n8n.io (an error in the log offline).
		N8N_DISABLED_MODULES: 'mcp-registry',
	};
}

/** The simulator on the wished port, or on a free one when that port is taken. */
async function startSimulatorOn(port: number, interfaceNames?: InterfaceNames): Promise<Simulator> {
	try {
		return await startSimulator({ port, interfaceNames });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
		return startSimulator({ port: 0, interfaceNames });
	}
}

async function assertPortFree(port: number, what: string): Promise<void> {
	const inUse = await new Promise<boolean>((resolve) => {
		const socket = net.connect({ port, host: '127.0.0.1' });
		const settle = (answer: boolean) => {
			socket.destroy();
			resolve(answer);
		};
		socket.setTimeout(2_000);
		socket.once('connect', () => settle(true));
		socket.once('timeout', () => settle(false));
		socket.once('error', () => settle(false));
	});
	if (inUse)
		throw new Error(
			`port ${port} is already in use, so ${what} cannot listen there; choose another port`,
		);
}

/**
 * One dev n8n per user folder: two n8n processes on one sqlite file step on each other. Returns the
 * release function; a claim left by a process that is gone is taken over.
 */
function claimUserFolder(userFolder: string): () => void {
	const file = path.join(userFolder, 'dev.pid');
	for (;;) {
		try {
			fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
			return () => fs.rmSync(file, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const holder = Number(fs.readFileSync(file, 'utf8').trim());
		if (isAlive(holder)) {
			throw new Error(
				`another dev environment (pid ${holder}) runs on ${userFolder}; stop it first or pick another user folder`,
			);
		}
		fs.rmSync(file, { force: true });
	}
}

const PACK_HASH_FILE = '.dev-pack.sha256';

/** Installs the tarball into <userFolder>/.n8n/nodes unless exactly this tarball is installed already. */
export async function ensurePackInstalled(
	userFolder: string,
	tarball: string,
	quiet?: boolean,
): Promise<boolean> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const hashFile = path.join(nodesDir, PACK_HASH_FILE);
	const hash = crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex');
	const installed = fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : '';
	if (installed === hash) {
		createProgress('dev', quiet).step(
			`pack unchanged (sha256 ${hash.slice(0, 12)}), keeping the installed copy`,
		);
		return false;
	}
	// A clean folder: npm keeps a same-named, same-versioned file: dependency otherwise.
	fs.rmSync(nodesDir, { recursive: true, force: true });
	await installPack(userFolder, tarball, { quiet });
	fs.writeFileSync(hashFile, `${hash}\n`);
	return true;
}

/** `n8n import:credentials` through a 0600 file that is deleted right after. */
export async function importCredentials(
	n8n: N8nInstall,
	userFolder: string,
	env: NodeJS.ProcessEnv,
	credentials: ImportableCredential[],
	redact: (text: string) => string,
): Promise<void> {
	const file = path.join(userFolder, `credentials.import.${process.pid}.json`);
	fs.writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
	try {
		const result = await runCommand(
			n8n.nodeBin,
			[n8n.n8nEntry, 'import:credentials', `--input=${file}`],
			{
				cwd: userFolder,
				env,
				timeoutMs: 3 * 60_000,
			},
		);
		if (result.code !== 0) {
			const errors = errorMessages(result.stdout);
			const detail =
				errors.length > 0 ? errors.join('\n') : tail(`${result.stdout}\n${result.stderr}`);
			throw new Error(`n8n import:credentials failed (exit ${result.code}):\n${redact(detail)}`);
		}
	} finally {
		fs.rmSync(file, { force: true });
	}
}
