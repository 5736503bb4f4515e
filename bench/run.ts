/**
 * Runs the registered benchmarks (all, or those named on the command line) and prints, last, one line
 * `BENCH {json}` with every figure, and under `SKIPPED` every bench that could not run, and why.
 */
import { benchBatchedClassification } from './batchedClassification';
import { benchBrandMonitoringCost } from './brandMonitoringCost';
import { benchConcurrencySpeedup } from './concurrencySpeedup';
import { benchNodeVsHttpRequestNode } from './nodeVsHttpRequestNode';
import { benchNodeVsRawUndici } from './nodeVsRawUndici';
import { benchParse } from './parse';
import { benchReturnAll } from './returnAll';
import { benchTtsWav } from './ttsWav';
import { BenchSkipped } from './support/benchSkipped';
import { benchVideoDownload } from './videoDownload';

interface RegisteredBench {
	name: string;
	run: () => Promise<Record<string, number>>;
}

const benches: RegisteredBench[] = [
	{ name: 'parse', run: benchParse },
	{ name: 'node_vs_raw_undici', run: benchNodeVsRawUndici },
	{ name: 'node_vs_http_request_node', run: benchNodeVsHttpRequestNode },
	{ name: 'concurrency_speedup', run: benchConcurrencySpeedup },
	{ name: 'return_all', run: benchReturnAll },
	{ name: 'tts_wav', run: benchTtsWav },
	{ name: 'video_download', run: benchVideoDownload },
	{ name: 'batched_classification', run: benchBatchedClassification },
	{ name: 'brand_monitoring_cost', run: benchBrandMonitoringCost },
];

async function main(): Promise<void> {
	const requested = process.argv.slice(2);
	const unknown = requested.filter((name) => !benches.some((bench) => bench.name === name));
	if (unknown.length > 0)
		throw new Error(
			`unknown bench ${unknown.join(', ')}; known: ${benches.map((bench) => bench.name).join(', ')}`,
		);
	const figures: Record<string, number> = {};
	const skipped: Record<string, string> = {};
	for (const bench of benches) {
		if (requested.length > 0 && !requested.includes(bench.name)) continue;
		console.log(`\n== bench ${bench.name}`);
		try {
			Object.assign(figures, await bench.run());
		} catch (error) {
			if (!(error instanceof BenchSkipped)) throw error;
			skipped[bench.name] = error.message;
			console.log(`SKIPPED ${bench.name}: ${error.message}`);
		}
	}
	for (const [name, reason] of Object.entries(skipped))
		console.log(`!!! BENCH ${name} WAS SKIPPED: NOT MEASURED IN THIS RUN (${reason})`);
	const anySkipped = Object.keys(skipped).length > 0;
	console.log(`BENCH ${JSON.stringify(anySkipped ? { ...figures, SKIPPED: skipped } : figures)}`);
	if (anySkipped) process.exitCode = 1;
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
