import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';

/**
 * Gives the calling test file its own simulator: started before its tests (handed to `assign`),
 * cleared by `resetEach` before every test (default: the simulator's reset) and closed after them.
 */
export function useSimulator(
	assign: (sim: Simulator) => void,
	resetEach: (sim: Simulator) => void = (sim) => sim.reset(),
): void {
	let sim: Simulator | undefined;
	beforeAll(async () => {
		sim = await startSimulator();
		assign(sim);
	});
	afterAll(async () => await sim?.close());
	beforeEach(() => resetEach(sim!));
}
