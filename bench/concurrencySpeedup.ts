import { startSimulatorProcess } from './support/simulatorProcess';
import { objectIdItems, runSocialDataNode, videoDetailParameters } from './support/socialDataRuns';
import { figure, printTable } from './support/table';

const ITEMS = 500;
const LATENCY_MS = 100;
const FAST = 10;
const SLOW = 1;

/**
 * 500 items, one call each, against a simulator answering after 100 ms: the Social Data node with
 * concurrency 10 and with 1, in n8n's engine. Concurrency 1 alone takes ~50 s, so it runs once (its
 * length evens out bursts of load); concurrency 10 runs three times, the median counts.
 */
export async function benchConcurrencySpeedup(): Promise<Record<string, number>> {
	const sim = await startSimulatorProcess({ latencyMs: LATENCY_MS });
	try {
		const items = objectIdItems(ITEMS, (await sim.ids()).objectId);
		const timedRun = async (concurrency: number): Promise<number> => {
			const started = performance.now();
			const output = await runSocialDataNode(sim.url, videoDetailParameters(concurrency), items);
			const wallMs = performance.now() - started;
			if (output.length !== ITEMS) throw new Error(`expected ${ITEMS} items, got ${output.length}`);
			return wallMs;
		};
		// Warm-up outside the timing: code paths, the connection pool (10 connections) and the engine.
		await runSocialDataNode(sim.url, videoDetailParameters(FAST), items.slice(0, 2 * FAST));
		// The short runs go before and after the long one, so a burst of load from other processes moves the median less.
		const fastRuns = [await timedRun(FAST)];
		const slowMs = await timedRun(SLOW);
		fastRuns.push(await timedRun(FAST), await timedRun(FAST));
		const fastMs = [...fastRuns].sort((left, right) => left - right)[1];
		const speedup = slowMs / fastMs;
		console.log(
			`${ITEMS} items, simulator latency ${LATENCY_MS} ms (child process), Social Data node in n8n's engine; concurrency ${FAST}: median of 3 runs (${fastRuns.map((ms) => ms.toFixed(0)).join(', ')} ms), concurrency ${SLOW}: one run`,
		);
		printTable(
			['concurrency', 'wall ms', 'ms per call slot', 'ideal ms'],
			[
				[
					String(FAST),
					fastMs.toFixed(0),
					((fastMs * FAST) / ITEMS).toFixed(1),
					String((ITEMS / FAST) * LATENCY_MS),
				],
				[
					String(SLOW),
					slowMs.toFixed(0),
					((slowMs * SLOW) / ITEMS).toFixed(1),
					String(ITEMS * LATENCY_MS),
				],
			],
		);
		console.log(
			`speedup ${FAST} vs ${SLOW}: ${speedup.toFixed(2)} (target ≥ 8, ideal ${FAST / SLOW})`,
		);
		return {
			concurrency_speedup: figure(speedup),
			concurrency_speedup_fast_ms: figure(fastMs, 0),
			concurrency_speedup_slow_ms: figure(slowMs, 0),
		};
	} finally {
		await sim.close();
	}
}
