import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

/**
 * Removes a scratch folder in a detached `rm -rf` that outlives the caller, so a tear-down never
 * waits on the disk: an n8n user folder with the pack installed holds thousands of files, and
 * removing one took 45 s on a busy machine, blocking the event loop when done with fs.rmSync.
 */
export function removeInBackground(folder: string): void {
	const remover = spawn('rm', ['-rf', '--', folder], { detached: true, stdio: 'ignore' });
	remover.once('error', () => fs.rm(folder, { recursive: true, force: true }, () => undefined));
	remover.unref();
}
