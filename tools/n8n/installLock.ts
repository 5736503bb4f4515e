import * as fs from 'node:fs';
import type { Progress } from './progress';

const POLL_MS = 2_000;
const WAIT_LIMIT_MS = 30 * 60_000;

/**
 * Runs `fn` while holding `<lockPath>` (created exclusively, holding our pid), so parallel jest
 * workers don't install n8n twice on 2 cores. A lock left by a dead process is taken over.
 */
export async function withInstallLock<T>(
	lockPath: string,
	progress: Progress,
	fn: () => Promise<T>,
): Promise<T> {
	const startedWaiting = Date.now();
	let lastNotice = 0;
	for (;;) {
		try {
			fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
		if (!isAlive(holder)) {
			fs.rmSync(lockPath, { force: true });
			continue;
		}
		if (Date.now() - startedWaiting > WAIT_LIMIT_MS)
			throw new Error(`gave up waiting for ${lockPath} held by pid ${holder}`);
		if (Date.now() - lastNotice > 30_000) {
			progress.step(`waiting for the install running in pid ${holder}`);
			lastNotice = Date.now();
		}
		await new Promise((resolve) => setTimeout(resolve, POLL_MS));
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lockPath, { force: true });
	}
}

export function isAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
