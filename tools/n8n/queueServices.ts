import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureSystemTools, findOnPath, isExecutable, type SystemTool } from '../systemTools';
import { lastLines, startProcess, waitUntil, type ManagedProcess } from './managedProcess';
import { freePort } from './n8nEnv';
import { removeInBackground } from './removeInBackground';
import { runCommand, tail } from './runCommand';

/**
 * Throwaway Redis and PostgreSQL servers for n8n's queue mode, from Debian's packages
 * `redis-server` and `postgresql` (installed on first use when missing, as root; see
 * systemTools): each on a free loopback port with its data in a temporary folder, started and
 * stopped by the test itself (no system service involved).
 */

const START_TIMEOUT_MS = 60_000;

const REDIS: SystemTool = {
	program: 'redis-server',
	debianPackage: 'redis-server',
	find: () =>
		[process.env.E2E_REDIS_SERVER, findOnPath('redis-server'), '/usr/bin/redis-server'].find(
			(file) => file && isExecutable(file),
		),
};

const POSTGRES: SystemTool = {
	program: 'initdb, postgres and psql',
	debianPackage: 'postgresql',
	find: postgresBinDir,
};

/** Both servers' programs, installed in one go when missing. */
export async function ensureQueueServices(): Promise<void> {
	await ensureSystemTools([REDIS, POSTGRES]);
}

export interface RedisServer {
	host: string;
	port: number;
	process: ManagedProcess;
	stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
	const [redisServer] = await ensureSystemTools([REDIS]);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-redis-'));
	const host = '127.0.0.1';
	const port = await freePort();
	// No persistence and no config file: nothing outlives the test but the folder removed in stop().
	const server = startProcess(
		'redis-server',
		redisServer,
		[
			'--port',
			String(port),
			'--bind',
			host,
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
		],
		{ cwd: dir },
	);
	const stop = async () => {
		await server.stop('SIGTERM', 10_000);
		removeInBackground(dir);
	};
	try {
		await server.waitForOutput(/Ready to accept connections/, START_TIMEOUT_MS);
	} catch (error) {
		await stop();
		throw error;
	}
	return { host, port, process: server, stop };
}

export interface PostgresServer {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	process: ManagedProcess;
	/** Runs SQL with psql and returns the rows, columns split on tabs. */
	query(sql: string): Promise<string[][]>;
	stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
	const [binDir] = await ensureSystemTools([POSTGRES]);
	const owner = postgresOsUser();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-postgres-'));
	const dataDir = path.join(dir, 'data');
	const passwordFile = path.join(dir, 'password');
	const host = '127.0.0.1';
	const user = 'n8n';
	const database = 'n8n';
	const password = crypto.randomBytes(18).toString('hex');
	fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
	if (owner) {
		fs.chownSync(dir, owner.uid, owner.gid);
		fs.chownSync(passwordFile, owner.uid, owner.gid);
	}
	const asOwner = {
		cwd: dir,
		uid: owner?.uid,
		gid: owner?.gid,
		env: { ...process.env, HOME: dir, LC_ALL: 'C' },
	};

	let server: ManagedProcess | undefined;
	const stop = async () => {
		// SIGINT is PostgreSQL's "fast" shutdown: disconnect clients, then exit cleanly.
		await server?.stop('SIGINT', 15_000);
		removeInBackground(dir);
	};
	try {
		const initdb = startProcess(
			'initdb',
			path.join(binDir, 'initdb'),
			[
				'-D',
				dataDir,
				'-U',
				user,
				`--pwfile=${passwordFile}`,
				'--auth=scram-sha-256',
				'-E',
				'UTF8',
				'--no-locale',
				'--no-sync',
			],
			asOwner,
		);
		const initExit = await initdb.exited;
		if (initExit.code !== 0)
			throw new Error(`initdb failed (exit ${initExit.code}):\n${lastLines(initdb.output())}`);
		fs.rmSync(passwordFile);

		const port = await freePort();
		// Durability is irrelevant for a throwaway database; these settings only make it faster.
		server = startProcess(
			'postgres',
			path.join(binDir, 'postgres'),
			[
				'-D',
				dataDir,
				'-p',
				String(port),
				'-k',
				dir,
				'-c',
				`listen_addresses=${host}`,
				'-c',
				'fsync=off',
				'-c',
				'synchronous_commit=off',
				'-c',
				'full_page_writes=off',
			],
			asOwner,
		);
		await server.waitForOutput(/database system is ready to accept connections/, START_TIMEOUT_MS);

		const psql = async (db: string, sql: string): Promise<string[][]> => {
			const result = await runCommand(
				path.join(binDir, 'psql'),
				[
					'-h',
					host,
					'-p',
					String(port),
					'-U',
					user,
					'-d',
					db,
					'-X',
					'-q',
					'-A',
					'-t',
					'-F',
					'\t',
					'-v',
					'ON_ERROR_STOP=1',
					'-c',
					sql,
				],
				{
					env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' },
					timeoutMs: 60_000,
				},
			);
			if (result.code !== 0)
				throw new Error(`psql failed (exit ${result.code}) for: ${sql}\n${tail(result.stderr)}`);
			return result.stdout
				.split('\n')
				.filter((line) => line.length > 0)
				.map((line) => line.split('\t'));
		};
		await waitUntil(
			'PostgreSQL to answer over TCP',
			async () => (await psql('postgres', 'SELECT 1'))[0]?.[0] === '1',
			{
				timeoutMs: START_TIMEOUT_MS,
				process: server,
			},
		);
		await psql('postgres', `CREATE DATABASE ${database}`);
		return {
			host,
			port,
			database,
			user,
			password,
			process: server,
			query: (sql) => psql(database, sql),
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Debian puts the server programs in /usr/lib/postgresql/<major>/bin, off PATH; the newest major wins. */
function postgresBinDir(): string | undefined {
	const candidates: string[] = [];
	if (process.env.E2E_POSTGRES_BIN_DIR) candidates.push(process.env.E2E_POSTGRES_BIN_DIR);
	const debianRoot = '/usr/lib/postgresql';
	if (fs.existsSync(debianRoot)) {
		const majors = fs
			.readdirSync(debianRoot)
			.filter((entry) => /^\d+$/.test(entry))
			.sort((a, b) => Number(b) - Number(a));
		candidates.push(...majors.map((major) => path.join(debianRoot, major, 'bin')));
	}
	const onPath = findOnPath('initdb');
	if (onPath) candidates.push(path.dirname(fs.realpathSync(onPath)));
	return candidates.find((dir) =>
		['initdb', 'postgres', 'psql'].every((program) => isExecutable(path.join(dir, program))),
	);
}

/**
 * PostgreSQL refuses to run as root: then the cluster belongs to the `postgres` account the Debian
 * package creates (or E2E_POSTGRES_OS_USER). As a normal user it simply runs as that user.
 */
function postgresOsUser(): { uid: number; gid: number } | undefined {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
	const name = process.env.E2E_POSTGRES_OS_USER ?? 'postgres';
	const entry = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.map((line) => line.split(':'))
		.find((fields) => fields[0] === name);
	if (!entry) {
		throw new Error(
			`running as root, PostgreSQL needs a non-root OS user: no "${name}" in /etc/passwd (set E2E_POSTGRES_OS_USER)`,
		);
	}
	return { uid: Number(entry[2]), gid: Number(entry[3]) };
}
