import { measureSideBySideAsync } from './support/measure';
import { runRawEngineNode } from './support/rawEngineNode';
import { rawUndiciCaller } from './support/rawUndici';
import { assertSameRunCalls } from './support/sentCalls';
import { startSimulatorProcess } from './support/simulatorProcess';
import {
	objectIdItems,
	runSocialDataNode,
	VIDEO_DETAIL_ENDPOINT,
	videoDetailInput,
	videoDetailParameters,
} from './support/socialDataRuns';
import { figure, printTable } from './support/table';

const CALLS = 2000;
const LABELS = {
	node: 'Social Data node in n8n engine',
	floor: "n8n engine floor: same expression + n8n's request helper in a node",
	raw: 'bare undici + JSON.parse, outside n8n',
};
/** The node's default concurrency; the raw loop uses the same. */
const CONCURRENCY = 4;

/**
 * The same 2,000 data calls (channels › fetch_video_detail, one per input item) through the Social
 * Data node in n8n's engine, through the least a node can do for them in the same engine (n8n's
 * request helper, its JSON parse) and through a bare undici loop; the simulator runs in a child process.
 */
export async function benchNodeVsRawUndici(): Promise<Record<string, number>> {
	const sim = await startSimulatorProcess();
	const raw = rawUndiciCaller(sim.url, VIDEO_DETAIL_ENDPOINT);
	try {
		const items = objectIdItems(CALLS, (await sim.ids()).objectId);
		const rawInputs = items.map((item) => videoDetailInput(item.json.objectId));
		const parameters = videoDetailParameters(CONCURRENCY);

		// Outside the timing: all three send the same run calls, the node and the raw loop exactly
		// CALLS billed ones, and they get the same number of records.
		await sim.reset();
		const nodeOutput = await runSocialDataNode(sim.url, parameters, items);
		const nodeCalls = await sim.billedCalls();
		const nodeRequests = await sim.requests();
		await sim.reset();
		const rawOutput = await raw.callAll(rawInputs, CONCURRENCY);
		const rawCalls = await sim.billedCalls();
		const rawRequests = await sim.requests();
		await sim.reset();
		await runRawEngineNode(sim.url, VIDEO_DETAIL_ENDPOINT, CONCURRENCY, items);
		const floorRequests = await sim.requests();
		await sim.reset();
		assertSameRunCalls(
			{ name: LABELS.node, requests: nodeRequests },
			{ name: LABELS.raw, requests: rawRequests },
		);
		assertSameRunCalls(
			{ name: LABELS.node, requests: nodeRequests },
			{ name: LABELS.floor, requests: floorRequests },
		);
		if (
			nodeCalls !== CALLS ||
			rawCalls !== CALLS ||
			nodeOutput.length !== CALLS ||
			rawOutput.length !== CALLS
		) {
			throw new Error(
				`expected ${CALLS} calls and items each; node ${nodeCalls} calls/${nodeOutput.length} items, raw ${rawCalls}/${rawOutput.length}`,
			);
		}

		const measurement = await measureSideBySideAsync(
			[
				{
					name: 'node',
					run: () => runSocialDataNode(sim.url, parameters, items).finally(() => sim.reset()),
				},
				{ name: 'raw', run: () => raw.callAll(rawInputs, CONCURRENCY).finally(() => sim.reset()) },
				{
					name: 'floor',
					run: () =>
						runRawEngineNode(sim.url, VIDEO_DETAIL_ENDPOINT, CONCURRENCY, items).finally(() =>
							sim.reset(),
						),
				},
			],
			{ warmupRounds: 1, rounds: 7 },
		);
		const ratioOf = (numerator: string, denominator: string) => ({
			wall: measurement.medianRatio(numerator, denominator, 'wall'),
			cpu: measurement.medianRatio(numerator, denominator, 'cpu'),
		});
		const ratio = ratioOf('node', 'raw');
		const engineShare = ratioOf('floor', 'raw');
		const packShare = ratioOf('node', 'floor');
		const format = (value: number) => value.toFixed(0);
		console.log(
			`${CALLS} calls, concurrency ${CONCURRENCY} on both sides, simulator without latency in a child process; medians of 7 rounds (the sim's reset after each run is inside the time of both)`,
		);
		printTable(
			['contender', 'wall ms', 'cpu ms', 'µs/call (wall)'],
			(['node', 'floor', 'raw'] as const).map((name) => [
				LABELS[name],
				format(measurement.medianMs(name, 'wall')),
				format(measurement.medianMs(name, 'cpu')),
				((measurement.medianMs(name, 'wall') * 1000) / CALLS).toFixed(0),
			]),
		);
		console.log(
			`the pack over n8n's floor (node / floor): ${packShare.wall.toFixed(2)} wall, ${packShare.cpu.toFixed(2)} cpu (target ≤ 1.3 wall)`,
		);
		console.log(
			`for information: node / bare undici ${ratio.wall.toFixed(2)} wall, ${ratio.cpu.toFixed(2)} cpu; of which n8n (floor / raw) ${engineShare.wall.toFixed(2)} wall, ${engineShare.cpu.toFixed(2)} cpu`,
		);
		return {
			node_vs_engine_floor: figure(packShare.wall),
			node_vs_engine_floor_cpu: figure(packShare.cpu),
			node_vs_raw_undici: figure(ratio.wall),
			node_vs_raw_undici_cpu: figure(ratio.cpu),
			engine_floor_vs_raw_undici: figure(engineShare.wall),
			node_vs_raw_undici_node_ms: figure(measurement.medianMs('node', 'wall'), 0),
			node_vs_raw_undici_floor_ms: figure(measurement.medianMs('floor', 'wall'), 0),
			node_vs_raw_undici_raw_ms: figure(measurement.medianMs('raw', 'wall'), 0),
		};
	} finally {
		await raw.close();
		await sim.close();
	}
}
