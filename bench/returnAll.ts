import type { INodeExecutionData } from 'n8n-workflow';
import { collectGarbage, jsMemoryBytes, sampleMemory } from './support/memory';
import { helperCaller } from './support/helperCaller';
import { rawUndiciCaller } from './support/rawUndici';
import { startSimulatorProcess } from './support/simulatorProcess';
import { runSocialDataNode } from './support/socialDataRuns';
import { figure, printTable } from './support/table';

const COMMENTS = 20_000;
const LATENCY_MS = 20;
/** Comments per page; the simulator's default (10) would make 2,000 pages, ~45 s per walk. */
const PAGE_SIZE = 50;
const NOTE_COMMENTS_ENDPOINT = '/api/v1/xiaohongshu/app_v2/get_note_comments';
const SAMPLE_INTERVAL_MS = 2;

interface CommentPage {
	data: {
		data: {
			comments: unknown[];
			/** JSON text holding the next `index` and `pageArea`, as genuine answers carry them. */
			cursor: string;
			has_more: boolean;
		};
	};
}

interface PageCaller {
	call: (input: Record<string, unknown>) => Promise<unknown>;
}

/** The same walk without the pack (undici or n8n's client + JSON.parse), carrying the cursor and the index and pageArea inside it. */
async function rawWalk(
	caller: PageCaller,
	noteId: string,
	maxPages = Infinity,
): Promise<{ pages: number; records: unknown[] }> {
	const records: unknown[] = [];
	let input: Record<string, unknown> = { note_id: noteId, cursor: '', index: 0 };
	for (let pages = 1; ; pages++) {
		const page = ((await caller.call(input)) as CommentPage).data.data;
		records.push(...page.comments);
		if (!page.has_more || pages >= maxPages) return { pages, records };
		const { index, pageArea } = JSON.parse(page.cursor) as { index: number; pageArea: string };
		input = { note_id: noteId, cursor: page.cursor, index, pageArea };
	}
}

const cpuMsSince = (before: NodeJS.CpuUsage) => {
	const used = process.cpuUsage(before);
	return (used.user + used.system) / 1000;
};

interface NodeWalk {
	wallMs: number;
	/** Process CPU time of the walk (all threads): the client's own work, whatever the machine's load. */
	cpuMs: number;
	/** Billed calls of the walk (the simulator never mixes unfolded and folded comments in a page, so one more than 20,000 / 50). */
	pages: number;
	peakGrowthBytes: number;
	retainedBytes: number;
}

/**
 * One Return All walk through the Social Data node, memory sampled all along. Baseline: JS memory
 * (V8 heap used + external) after a full GC; peak: the highest sample during the run; retained:
 * after a full GC with the output still referenced, i.e. what the 20,000 output items hold.
 */
async function measuredNodeWalk(
	url: string,
	noteId: string,
	billedCalls: () => Promise<number>,
): Promise<NodeWalk> {
	collectGarbage();
	const baseline = jsMemoryBytes();
	const sampler = sampleMemory(SAMPLE_INTERVAL_MS);
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const output: INodeExecutionData[] = await runNodeWalk(url, noteId);
	const wallMs = performance.now() - started;
	const cpuMs = cpuMsSince(cpuBefore);
	const peak = sampler.stop();
	collectGarbage();
	const retainedBytes = jsMemoryBytes() - baseline;
	if (output.length !== COMMENTS)
		throw new Error(`Return All gave ${output.length} items, expected ${COMMENTS}`);
	return {
		wallMs,
		cpuMs,
		pages: await billedCalls(),
		peakGrowthBytes: peak - baseline,
		retainedBytes,
	};
}

async function timedNodeWalk(
	url: string,
	noteId: string,
): Promise<{ wallMs: number; cpuMs: number }> {
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const output = await runNodeWalk(url, noteId);
	const timing = { wallMs: performance.now() - started, cpuMs: cpuMsSince(cpuBefore) };
	if (output.length !== COMMENTS)
		throw new Error(`Return All gave ${output.length} items, expected ${COMMENTS}`);
	return timing;
}

async function timedRawWalk(
	caller: PageCaller,
	noteId: string,
	expectedPages: number,
): Promise<{ wallMs: number; cpuMs: number }> {
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const walk = await rawWalk(caller, noteId);
	const timing = { wallMs: performance.now() - started, cpuMs: cpuMsSince(cpuBefore) };
	if (walk.pages !== expectedPages || walk.records.length !== COMMENTS) {
		throw new Error(
			`raw walk: ${walk.pages} pages, ${walk.records.length} records; the node: ${expectedPages} pages`,
		);
	}
	return timing;
}

const runNodeWalk = (url: string, noteId: string) =>
	runSocialDataNode(
		url,
		{
			resource: 'notes',
			operation: 'get_note_comments',
			note_id: noteId,
			share_text: '',
			returnAll: true,
			options: { maxPages: COMMENTS },
		},
		[{ json: {} }],
	);

/**
 * 20,000 note comments paged to the end (Return All) at 20 ms simulated latency: time per page over
 * the latency, beside a bare undici walk of the same pages, and memory growth per 1,000 records.
 */
export async function benchReturnAll(): Promise<Record<string, number>> {
	const sim = await startSimulatorProcess({
		latencyMs: LATENCY_MS,
		pageSize: PAGE_SIZE,
		totals: { get_note_comments: COMMENTS },
	});
	const raw = rawUndiciCaller(sim.url, NOTE_COMMENTS_ENDPOINT);
	const helper = helperCaller(sim.url, NOTE_COMMENTS_ENDPOINT);
	try {
		const noteId = (await sim.ids()).noteId;
		// Warm-up: the simulator builds the 20,000 comments on first use; code paths get compiled.
		await runSocialDataNode(
			sim.url,
			{
				resource: 'notes',
				operation: 'get_note_comments',
				note_id: noteId,
				share_text: '',
				returnAll: false,
				limit: 5 * PAGE_SIZE,
			},
			[{ json: {} }],
		);
		await rawWalk(raw, noteId, 5);
		await rawWalk(helper, noteId, 5);
		await sim.reset();

		// Two walks each in the order node, raw, raw, node, the faster of the two counting: one walk takes
		// ~10 s, and a burst of load from other processes during one of them should not decide the figure.
		const node = await measuredNodeWalk(sim.url, noteId, () => sim.billedCalls());
		await sim.reset();
		const rawWalks = [
			await timedRawWalk(raw, noteId, node.pages),
			await timedRawWalk(raw, noteId, node.pages),
		];
		await sim.reset();
		const helperWalk = await timedRawWalk(helper, noteId, node.pages);
		await sim.reset();
		const secondNode = await timedNodeWalk(sim.url, noteId);
		const nodeBest = node.wallMs <= secondNode.wallMs ? node : { ...node, ...secondNode };
		const rawBest = rawWalks[0].wallMs <= rawWalks[1].wallMs ? rawWalks[0] : rawWalks[1];

		const perPage = (ms: number) => ms / node.pages;
		const nodeOverPage = perPage(nodeBest.wallMs) - LATENCY_MS;
		const rawOverPage = perPage(rawBest.wallMs) - LATENCY_MS;
		const helperOverPage = perPage(helperWalk.wallMs) - LATENCY_MS;
		const perThousand = (bytes: number) => bytes / (COMMENTS / 1000) / 1e6;
		console.log(
			`${COMMENTS} comments in ${node.pages} pages of up to ${PAGE_SIZE}, simulator latency ${LATENCY_MS} ms (child process); the faster of two walks each after a warm-up (node ${[node, secondNode].map((walk) => walk.wallMs.toFixed(0)).join(', ')} ms; raw ${rawWalks.map((walk) => walk.wallMs.toFixed(0)).join(', ')} ms)`,
		);
		printTable(
			['walk', 'wall ms', 'ms/page', 'ms/page over latency', 'cpu ms/page'],
			[
				[
					'Social Data node, Return All',
					nodeBest.wallMs.toFixed(0),
					perPage(nodeBest.wallMs).toFixed(2),
					nodeOverPage.toFixed(2),
					perPage(nodeBest.cpuMs).toFixed(2),
				],
				[
					"n8n's request client + JSON.parse (no engine)",
					helperWalk.wallMs.toFixed(0),
					perPage(helperWalk.wallMs).toFixed(2),
					helperOverPage.toFixed(2),
					perPage(helperWalk.cpuMs).toFixed(2),
				],
				[
					'bare undici + JSON.parse',
					rawBest.wallMs.toFixed(0),
					perPage(rawBest.wallMs).toFixed(2),
					rawOverPage.toFixed(2),
					perPage(rawBest.cpuMs).toFixed(2),
				],
			],
		);
		console.log(
			`memory (V8 heap used + external, sampled every ${SAMPLE_INTERVAL_MS} ms, over the level after a full GC before the run): ` +
				`peak growth ${(node.peakGrowthBytes / 1e6).toFixed(1)} MB = ${perThousand(node.peakGrowthBytes).toFixed(2)} MB per 1,000 records; ` +
				`retained by the output after GC ${(node.retainedBytes / 1e6).toFixed(1)} MB = ${perThousand(node.retainedBytes).toFixed(2)} MB per 1,000 records`,
		);
		return {
			return_all_ms_per_page_over_latency: figure(nodeOverPage),
			return_all_raw_ms_per_page_over_latency: figure(rawOverPage),
			return_all_n8n_client_ms_per_page_over_latency: figure(helperOverPage),
			return_all_cpu_ms_per_page: figure(perPage(nodeBest.cpuMs)),
			return_all_raw_cpu_ms_per_page: figure(perPage(rawBest.cpuMs)),
			return_all_wall_ms: figure(nodeBest.wallMs, 0),
			return_all_pages: node.pages,
			return_all_peak_mb_per_1000_records: figure(perThousand(node.peakGrowthBytes)),
			return_all_retained_mb_per_1000_records: figure(perThousand(node.retainedBytes)),
		};
	} finally {
		await raw.close();
		await sim.close();
	}
}
