/**
 * How `npm test` splits the suite into lanes that run side by side: the in-process projects in
 * one jest run (their files take seconds each), and the real-n8n e2e files, which take minutes
 * each and mostly wait on n8n, handed out one at a time to a few e2e lanes, longest first; then
 * the timing-bound projects alone.
 */

/** The jest projects (jest.config.js) of the in-process lane. */
export const IN_PROCESS_PROJECTS = ['unit', 'simulator', 'workflow'];

/**
 * Run after the lanes, with nothing beside them: the load test bounds wall-clock time, which two
 * n8n starts on the other core would stretch.
 */
export const ALONE_PROJECTS = ['reliability'];

/**
 * E2e files that start a whole n8n cluster (main, two workers, Redis, PostgreSQL): run after the
 * lanes, one at a time with nothing beside them (beside two other real-n8n files on two cores a
 * queued execution once waited past its five-minute step).
 */
export const ALONE_E2E_FILES = ['queueMode.test.ts', 'socialDataTriggerQueue.test.ts'];

/** Whether an e2e file runs alone after the lanes (ALONE_E2E_FILES). */
export const runsAlone = (file: string) => ALONE_E2E_FILES.includes(baseName(file));

/**
 * Seconds each e2e file took in one `npm test` with two e2e lanes on the 2-core machine while it
 * was shared with other work (load 15 to 18, so about three times a quiet run). Only the order
 * depends on them: a file not listed is taken as a long one, so it starts early.
 */
export const E2E_SECONDS: Record<string, number> = {
	'browser.test.ts': 600,
	'queueMode.test.ts': 577,
	'brandMonitoring.test.ts': 559,
	'packInstall.test.ts': 545,
	'socialDataTriggerQueue.test.ts': 544,
	'examples.test.ts': 439,
	'socialDataTrigger.test.ts': 419,
	'instanceControls.test.ts': 351,
	'socialDataTriggerPollBudget.test.ts': 327,
	'agentStreaming.test.ts': 278,
	'brandQuietNight.test.ts': 194,
	'httpRequestCredential.test.ts': 76,
	'agent.test.ts': 44,
	'runner.test.ts': 41,
	'videoDownload.test.ts': 25,
	'runnerHelpers.test.ts': 6,
};

const UNKNOWN_FILE_SECONDS = 600;

/** The e2e files, longest first, so the lanes end close together. */
export function longestFirst(files: string[], seconds = E2E_SECONDS): string[] {
	const expected = (file: string) => seconds[baseName(file)] ?? UNKNOWN_FILE_SECONDS;
	return [...files].sort((a, b) => expected(b) - expected(a) || a.localeCompare(b));
}

/**
 * How many e2e lanes beside the in-process lane (which takes e2e files too once its own run is
 * done): `TEST_E2E_LANES`, else 1, so at most two real-n8n files share the two cores.
 */
export function e2eLaneCount(env: NodeJS.ProcessEnv = process.env): number {
	const raw = env.TEST_E2E_LANES;
	if (raw === undefined || raw === '') return 1;
	const count = Number(raw);
	if (!Number.isInteger(count) || count < 1)
		throw new Error(`TEST_E2E_LANES must be a whole number of 1 or more, not "${raw}"`);
	return count;
}

export function formatSeconds(seconds: number): string {
	if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
	const whole = Math.round(seconds);
	return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function baseName(file: string): string {
	return file.slice(file.lastIndexOf('/') + 1);
}
