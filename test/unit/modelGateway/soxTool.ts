import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Debian's `sox` (soxi) reads the WAV files as a real audio tool. CI installs it (.ci/run);
 * locally it is installed once with apt-get when missing and root may do so.
 */
export function ensureSox(): void {
	try {
		execFileSync('sox', ['--version'], { stdio: 'ignore' });
		return;
	} catch {
		// not installed yet
	}
	execFileSync('sh', ['-c', 'apt-get update >/dev/null && apt-get install -y sox >/dev/null'], { stdio: 'inherit', timeout: 300_000 });
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
