import type { INodeExecutionData } from 'n8n-workflow';
import { countDifferingIds, idLiteralsOf, idValuesOf } from './support/exactIds';
import { loadHttpRequestNode, runHttpRequestNode } from './support/httpRequestNode';
import { measureSideBySideAsync } from './support/measure';
import { rawUndiciCaller } from './support/rawUndici';
import { startSimulatorProcess } from './support/simulatorProcess';
import {
	objectIdItems,
	runSocialDataNode,
	VIDEO_DETAIL_ENDPOINT,
	videoDetailParameters,
} from './support/socialDataRuns';
import { figure, printTable } from './support/table';

const CALLS = 2000;
const PACK_CONCURRENCY = 4; // the node's default
const ROUNDS = 7;

interface IdCheck {
	total: number;
	differing: number;
}

/** Compares every item's ids with the digits of the answer the simulator sent for it. */
function checkIds(expectedPerItem: string[][], output: INodeExecutionData[]): IdCheck {
	if (output.length !== expectedPerItem.length)
		throw new Error(`expected ${expectedPerItem.length} items, got ${output.length}`);
	let total = 0;
	let differing = 0;
	expectedPerItem.forEach((expected, index) => {
		total += expected.length;
		differing += countDifferingIds(expected, idValuesOf(output[index].json));
	});
	return { total, differing };
}

/**
 * The same 2,000 calls through the Social Data node and through n8n's own HTTP Request node (from
 * n8n-nodes-base in the e2e cache, loaded into this Node 20 process), both in the harness engine,
 * every option at its default; and how many 64-bit ids each keeps exact.
 */
export async function benchNodeVsHttpRequestNode(): Promise<Record<string, number>> {
	const loadStarted = performance.now();
	const loaded = await loadHttpRequestNode();
	if ('skipped' in loaded) {
		console.log(`SKIPPED node_vs_http_request_node: ${loaded.skipped}`);
		return { node_vs_http_request_node_skipped: 1 };
	}
	console.log(
		`HTTP Request node v${loaded.typeVersion} from ${loaded.packageDir}, loaded under Node ${process.version} in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
	);

	const sim = await startSimulatorProcess();
	const raw = rawUndiciCaller(sim.url, VIDEO_DETAIL_ENDPOINT);
	try {
		const items = objectIdItems(CALLS, (await sim.ids()).objectId);
		const parameters = videoDetailParameters(PACK_CONCURRENCY);
		const runPack = () => runSocialDataNode(sim.url, parameters, items);
		const runHttp = () => runHttpRequestNode(loaded, sim.url, VIDEO_DETAIL_ENDPOINT, items);

		// Outside the timing: the ids of each answer as sent, then what each node outputs for them.
		const expected = (
			await raw.textsOf(
				items.map((item) => ({ object_id: item.json.objectId })),
				PACK_CONCURRENCY,
			)
		).map(idLiteralsOf);
		const packIds = checkIds(expected, await runPack());
		await sim.reset();
		const httpIds = checkIds(expected, await runHttp());
		const httpCalls = await sim.billedCalls();
		const closing = (await sim.requests()).filter(
			(request) => request.headers.connection === 'close',
		).length;
		await sim.reset();
		if (httpCalls !== CALLS)
			throw new Error(`the HTTP Request node made ${httpCalls} billed calls, expected ${CALLS}`);

		const measurement = await measureSideBySideAsync(
			[
				{ name: 'pack', run: () => runPack().finally(() => sim.reset()) },
				{ name: 'http', run: () => runHttp().finally(() => sim.reset()) },
			],
			{ warmupRounds: 1, rounds: ROUNDS },
		);
		const ratio = {
			wall: measurement.medianRatio('pack', 'http', 'wall'),
			cpu: measurement.medianRatio('pack', 'http', 'cpu'),
		};
		console.log(
			`${CALLS} calls (channels › fetch_video_detail), both nodes in the harness engine with default options: the pack ${PACK_CONCURRENCY} calls at once through n8n's request helper, ` +
				`the HTTP Request node all ${CALLS} at once (${closing} of its ${CALLS} requests said "connection: close": a new connection each); simulator in a child process; medians of ${ROUNDS} rounds`,
		);
		printTable(
			['contender', 'wall ms', 'cpu ms', 'ids', 'ids not exact'],
			[
				[
					'Social Data node',
					measurement.medianMs('pack', 'wall').toFixed(0),
					measurement.medianMs('pack', 'cpu').toFixed(0),
					String(packIds.total),
					String(packIds.differing),
				],
				[
					`HTTP Request node v${loaded.typeVersion}`,
					measurement.medianMs('http', 'wall').toFixed(0),
					measurement.medianMs('http', 'cpu').toFixed(0),
					String(httpIds.total),
					String(httpIds.differing),
				],
			],
		);
		console.log(
			`pack / HTTP Request: ${ratio.wall.toFixed(2)} wall, ${ratio.cpu.toFixed(2)} cpu (target ≤ 1: the pack at least as fast)`,
		);
		return {
			node_vs_http_request_node: figure(ratio.wall),
			node_vs_http_request_node_cpu: figure(ratio.cpu),
			node_vs_http_request_node_pack_ms: figure(measurement.medianMs('pack', 'wall'), 0),
			node_vs_http_request_node_http_ms: figure(measurement.medianMs('http', 'wall'), 0),
			node_vs_http_request_node_ids: packIds.total,
			node_vs_http_request_node_pack_ids_differing: packIds.differing,
			node_vs_http_request_node_http_ids_differing: httpIds.differing,
		};
	} finally {
		await raw.close();
		await sim.close();
	}
}
