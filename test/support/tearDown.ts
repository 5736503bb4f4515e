/** One thing an `afterAll` stops, by name. */
export type TearDownStep = [what: string, stop: () => Promise<void> | void];

/**
 * Runs an `afterAll`'s steps phase by phase: the steps of a phase at once, the next phase when they
 * have all settled (n8n before the Redis and PostgreSQL it uses). Each step must bound itself (a
 * process stops on signals with a grace period), so the whole stays well within the hook's
 * timeout; a failed step is logged with its time and never fails the suite it cleans up after.
 */
export async function tearDown(
	phases: TearDownStep[][],
	log: (line: string) => void,
	redact: (text: string) => string = (text) => text,
): Promise<void> {
	const started = Date.now();
	const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
	for (const phase of phases)
		await Promise.all(
			phase.map(async ([what, stop]) => {
				const stepStarted = Date.now();
				try {
					await stop();
					log(`${what} stopped in ${seconds(stepStarted)}s`);
				} catch (error) {
					log(
						`tear-down of ${what} failed after ${seconds(stepStarted)}s: ${redact(String(error))}`,
					);
				}
			}),
		);
	log(`tear-down took ${seconds(started)}s`);
}
