/** Step lines with elapsed seconds, written to stderr so stdout stays clean for JSON output. */
export interface Progress {
	step(message: string): void;
	elapsedSeconds(): number;
}

export function createProgress(label: string, quiet = false): Progress {
	const startedAt = Date.now();
	const elapsedSeconds = (): number => (Date.now() - startedAt) / 1000;
	return {
		elapsedSeconds,
		step(message: string): void {
			if (!quiet) process.stderr.write(`[${label} +${elapsedSeconds().toFixed(1)}s] ${message}\n`);
		},
	};
}
