import * as net from 'node:net';
import { envWithoutNpmConfig, withPathFirst } from './cleanEnv';
import type { N8nInstall } from './n8nInstallLayout';

/**
 * Environment for one n8n CLI process: its own user folder (sqlite), offline and quiet, logs as
 * JSON lines on stdout so the run data can be told apart from every other log line.
 * Community packages in `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-*` are loaded by n8n's
 * community-packages module for every command unless N8N_COMMUNITY_PACKAGES_PREVENT_LOADING is set.
 */
export function n8nEnv(
	install: N8nInstall,
	userFolder: string,
	brokerPort: number,
	extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
	const base = envWithoutNpmConfig();
	// NODE_OPTIONS (tsx or jest loaders) must not reach Node 24 n8n, and jest's NODE_ENV=test makes
	// n8n refuse to load nodes ("Not available in tests") and exit 0 without output.
	delete base.NODE_OPTIONS;
	delete base.NODE_ENV;
	for (const key of Object.keys(base)) {
		if (key.startsWith('N8N_') || key.startsWith('DB_') || key.startsWith('JEST_'))
			delete base[key];
	}
	return withPathFirst(install.nodeBinDir, {
		...base,
		N8N_USER_FOLDER: userFolder,
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LOG_OUTPUT: 'console',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		...extra,
	});
}

/** A free loopback port, so parallel runs don't fight over the task broker's default 5679. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}
