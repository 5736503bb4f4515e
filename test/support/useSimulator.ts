import type { Simulator, SimulatorOptions } from '../../simulator';
import { startSimulator } from '../../simulator';

export interface UseSimulatorOptions extends SimulatorOptions {
	/**
	 * What clears the simulator between tests: its `reset()` before each test (the default) or after
	 * each test, nothing (`'never'`: the tests share its state), or this function before each test.
	 */
	reset?: 'beforeEach' | 'afterEach' | 'never' | ((sim: Simulator) => void);
}

/**
 * How a test file (or a describe block) gets its own simulator: started with `options`
 * before its tests and handed to `assign` (which may also set up, and await, what the tests
 * share), cleared as `options.reset` says, and closed after the tests.
 *
 *     let sim: Simulator;
 *     useSimulator((started) => (sim = started), { pageSize: 4 });
 *
 * Jest runs `afterAll` hooks in the order they were declared, so this closes the simulator before a
 * file's own teardown. The e2e files that keep n8n running as a server or a queue cluster beside
 * the simulator (agentStreaming, brandMonitoring, socialDataTrigger, socialDataTriggerQueue,
 * queueMode) start it in their bring-up and stop it after n8n instead; instanceControls wires a
 * chain of simulators into its credentials per control; and a test that needs one of its own for a
 * moment (a restart on the same port, other totals) starts it with `startSimulator` and closes it.
 */
export function useSimulator(
	assign: (sim: Simulator) => unknown,
	options: UseSimulatorOptions = {},
): void {
	const { reset = 'beforeEach', ...simulatorOptions } = options;
	let sim: Simulator | undefined;
	beforeAll(async () => {
		sim = await startSimulator(simulatorOptions);
		await assign(sim);
	});
	afterAll(async () => await sim?.close());
	if (reset === 'beforeEach') beforeEach(() => sim!.reset());
	else if (reset === 'afterEach') afterEach(() => sim!.reset());
	else if (reset !== 'never') beforeEach(() => reset(sim!));
}
