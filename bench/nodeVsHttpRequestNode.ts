import type { INodeExecutionData } from 'n8n-workflow';
import { BenchSkipped } from './support/benchSkipped';
import { idHoldingsOf, idLiteralsOf } from './support/exactIds';
import { loadHttpRequestNode, runHttpRequestNode } from './support/httpRequestNode';
import { measureSideBySideAsync } from './support/measure';
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
const PACK_CONCURRENCY = 4; // the node's default
const ROUNDS = 9;
// Both nodes share n8n's engine and request helpers, which the JIT takes a few runs to settle.
const WARMUP_ROUNDS = 3;

interface IdComparison {
	/** Ids of the answers that both outputs hold, exactly or rounded: the ones the two can be compared on. */
	comparable: number;
	packRounded: number;
	httpRounded: number;
	/** Ids of the answers one output left out (not counted as rounded). */
	packOnly: number;
	httpOnly: number;
}

/**
 * Compares, item by item, how each node's output holds the ids of the answer the simulator sent
 * for that item (read from its text, digit for digit).
 */
function compareIds(
	answerIds: string[][],
	pack: INodeExecutionData[],
	http: INodeExecutionData[],
): IdComparison {
	if (pack.length !== answerIds.length || http.length !== answerIds.length)
		throw new Error(
			`expected ${answerIds.length} items from each node, got ${pack.length} and ${http.length}`,
		);
	const counts: IdComparison = {
		comparable: 0,
		packRounded: 0,
		httpRounded: 0,
		packOnly: 0,
		httpOnly: 0,
	};
	answerIds.forEach((ids, index) => {
		const packHoldings = idHoldingsOf(ids, pack[index].json);
		const httpHoldings = idHoldingsOf(ids, http[index].json);
		ids.forEach((_, id) => {
			const inPack = packHoldings[id] !== 'absent';
			const inHttp = httpHoldings[id] !== 'absent';
			if (inPack && !inHttp) counts.packOnly++;
			if (inHttp && !inPack) counts.httpOnly++;
			if (!inPack || !inHttp) return;
			counts.comparable++;
			if (packHoldings[id] === 'rounded') counts.packRounded++;
			if (httpHoldings[id] === 'rounded') counts.httpRounded++;
		});
	});
	return counts;
}

/**
 * The same 2,000 calls through the Social Data node and through n8n's own HTTP Request node (from
 * n8n-nodes-base in the e2e runner's n8n install, installed first when missing, loaded into this
 * Node 20 process), both in the harness engine: the same run input on both sides (`raw` stated,
 * checked against what the simulator received), every other option at its default; and how many
 * of the 64-bit ids both outputs hold each keeps exact.
 */
export async function benchNodeVsHttpRequestNode(): Promise<Record<string, number>> {
	const loadStarted = performance.now();
	let loaded: Awaited<ReturnType<typeof loadHttpRequestNode>>;
	try {
		loaded = await loadHttpRequestNode();
	} catch (error) {
		throw new BenchSkipped(
			`n8n's HTTP Request node could not be installed or loaded: ${(error as Error).message}`,
		);
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
		const httpInput = videoDetailInput('{{ $json.objectId }}');
		const runHttp = () =>
			runHttpRequestNode(loaded, sim.url, VIDEO_DETAIL_ENDPOINT, httpInput, items);

		// Outside the timing: the ids of each answer as sent, then what each node outputs for them,
		// after checking that both sent the very same run calls.
		const answerIds = (
			await raw.textsOf(
				items.map((item) => videoDetailInput(item.json.objectId)),
				PACK_CONCURRENCY,
			)
		).map(idLiteralsOf);
		await sim.reset();
		const packOutput = await runPack();
		const packRequests = await sim.requests();
		await sim.reset();
		const httpOutput = await runHttp();
		const httpRequests = await sim.requests();
		const httpCalls = await sim.billedCalls();
		await sim.reset();
		if (httpCalls !== CALLS)
			throw new Error(`the HTTP Request node made ${httpCalls} billed calls, expected ${CALLS}`);
		assertSameRunCalls(
			{ name: 'the Social Data node', requests: packRequests },
			{ name: 'the HTTP Request node', requests: httpRequests },
		);
		const ids = compareIds(answerIds, packOutput, httpOutput);
		if (ids.comparable === 0)
			throw new Error('no id is held by both outputs: the two nodes cannot be compared on ids');
		const closing = httpRequests.filter((request) => request.headers.connection === 'close').length;

		const measurement = await measureSideBySideAsync(
			[
				{ name: 'pack', run: () => runPack().finally(() => sim.reset()) },
				{ name: 'http', run: () => runHttp().finally(() => sim.reset()) },
			],
			{ warmupRounds: WARMUP_ROUNDS, rounds: ROUNDS },
		);
		const ratio = {
			wall: measurement.medianRatio('pack', 'http', 'wall'),
			cpu: measurement.medianRatio('pack', 'http', 'cpu'),
		};
		console.log(
			`${CALLS} calls (channels › fetch_video_detail, the same run input on both sides: ${JSON.stringify(httpInput)}), both nodes in the harness engine: the pack ${PACK_CONCURRENCY} calls at once through n8n's request helper, ` +
				`the HTTP Request node all ${CALLS} at once (${closing} of its ${CALLS} requests said "connection: close": a new connection each); simulator in a child process; medians of ${ROUNDS} rounds`,
		);
		printTable(
			['contender', 'wall ms', 'cpu ms', 'ids in both outputs', 'rounded', 'ids only it holds'],
			[
				[
					'Social Data node',
					measurement.medianMs('pack', 'wall').toFixed(0),
					measurement.medianMs('pack', 'cpu').toFixed(0),
					String(ids.comparable),
					String(ids.packRounded),
					String(ids.packOnly),
				],
				[
					`HTTP Request node v${loaded.typeVersion}`,
					measurement.medianMs('http', 'wall').toFixed(0),
					measurement.medianMs('http', 'cpu').toFixed(0),
					String(ids.comparable),
					String(ids.httpRounded),
					String(ids.httpOnly),
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
			node_vs_http_request_node_ids_comparable: ids.comparable,
			node_vs_http_request_node_pack_ids_rounded: ids.packRounded,
			node_vs_http_request_node_http_ids_rounded: ids.httpRounded,
			node_vs_http_request_node_pack_only_ids: ids.packOnly,
			node_vs_http_request_node_http_only_ids: ids.httpOnly,
		};
	} finally {
		await raw.close();
		await sim.close();
	}
}
