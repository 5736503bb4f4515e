import { execFileSync, spawnSync } from 'node:child_process';
import { ensureSystemToolsSync, programTool } from '../../../tools/systemTools';

/**
 * Debian's `sox` (sox, soxi) reads the WAV files as a real audio tool. `.ci/run` installs it up
 * front; otherwise the first test that needs it installs the package (as root; see systemTools).
 */
const SOX = [programTool('sox', 'sox'), programTool('soxi', 'sox')];

export function ensureSox(): void {
	ensureSystemToolsSync(SOX);
}

export function soxi(flag: string, file: string): string {
	return execFileSync('soxi', [flag, file], { encoding: 'utf8' }).trim();
}

/** `sox <file> -n stat`: statistics of the decoded samples (sox writes them to stderr). */
export function soxStat(file: string): Record<string, number> {
	const result = spawnSync('sox', [file, '-n', 'stat'], { encoding: 'utf8' });
	const stats: Record<string, number> = {};
	for (const line of result.stderr.split('\n')) {
		const match = /^(.+?):\s+(-?[\d.]+)\s*$/.exec(line.trim());
		if (match) stats[match[1].trim()] = Number(match[2]);
	}
	return stats;
}
