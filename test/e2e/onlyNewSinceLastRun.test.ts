import { packProject } from '../../tools/n8n/installPack';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { nodeItems } from '../../tools/n8n/n8nOutput';
import {
	failureReport,
	openN8nSession,
	type N8nSession,
	type WorkflowRunResult,
} from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';

// Social Data's Only New Since Last Run in a real n8n 2.41: two brands as two input items of one
// notes search, three `n8n execute` runs in one user folder, each its own process, so the memory
// the next run reads is what n8n saved in its database. About 1–2 minutes once n8n is cached.

const PAGE_SIZE = 10;
const BRANDS = ['acme', 'globex'];
const SEARCH = 'Search Notes';
const SPIKE = 25;

const workflow: WorkflowJson = {
	name: 'Only new mentions (e2e)',
	nodes: [
		{
			id: 'only-new-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'only-new-brands',
			name: 'Brands',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: {
				jsCode: `return ${JSON.stringify(BRANDS)}.map((brand) => ({ json: { brand } }));`,
			},
		},
		{
			id: 'only-new-search',
			name: SEARCH,
			type: 'n8n-nodes-social-gateway.socialData',
			typeVersion: 1,
			position: [440, 0],
			parameters: {
				resource: 'notes',
				operation: 'search_notes',
				keyword: '={{ $json.brand }}',
				returnAll: true,
				options: { mentions: true, onlyNew: true, walkSummary: true, creditBudget: 5 },
			},
		},
	],
	connections: {
		Start: { main: [[{ node: 'Brands', type: 'main', index: 0 }]] },
		Brands: { main: [[{ node: SEARCH, type: 'main', index: 0 }]] },
	},
};

interface Run {
	/** Mention ids per brand, in output order. */
	ids: Record<string, string[]>;
	walks: Record<string, Record<string, unknown>>;
	hints: string[];
	billed: number;
}

let sim: Simulator;
let session: N8nSession;
const runs: Run[] = [];

function readRun(result: WorkflowRunResult, billed: number): Run {
	if (!result.ok) throw new Error(failureReport(result));
	const run: Run = { ids: {}, walks: {}, hints: [], billed };
	for (const item of nodeItems(result.output, SEARCH)) {
		const brand = BRANDS[(item.pairedItem as { item: number }).item];
		if (item.json.onlyNewWalk) run.walks[brand] = item.json.onlyNewWalk as Record<string, unknown>;
		else (run.ids[brand] ??= []).push(String(item.json.id));
	}
	const searchRuns = result.output.data.resultData.runData[SEARCH] ?? [];
	run.hints = searchRuns.flatMap((nodeRun) => (nodeRun.hints ?? []).map((hint) => hint.message));
	return run;
}

async function executeOnce(prepare?: () => void) {
	sim.reset();
	prepare?.();
	const result = await session.execute();
	runs.push(readRun(result, sim.ledger.billedCalls()));
}

const newest = (brand: string, count?: number) =>
	sim.dataset
		.searchNotes(brand, { sort_type: 'time_descending' })
		.slice(0, count)
		.map((hit) => String(hit.id))
		.reverse();

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE });
	const packTarball = await packProject({ build: true, copyFirst: true });
	session = await openN8nSession({
		workflow,
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
	});
	await executeOnce();
	await executeOnce();
	await executeOnce(() => sim.dataset.spike(`notes:${BRANDS[0]}`, SPIKE));
}, 15 * 60_000);

afterAll(async () => {
	session?.close();
	await sim?.close();
});

test('the first run outputs every note of each brand, oldest first', () => {
	const [first] = runs;
	for (const brand of BRANDS) {
		// The spike came later: it is on top of the first brand's list now.
		const all = newest(brand);
		expect(first.ids[brand]).toEqual(brand === BRANDS[0] ? all.slice(0, -SPIKE) : all);
		expect(first.walks[brand]).toMatchObject({ firstRun: true, stoppedBy: 'end' });
	}
});

test('the next process reads the memory n8n saved: one call per brand, nothing output', () => {
	const quiet = runs[1];
	expect(quiet.ids).toEqual({});
	expect(quiet.billed).toBe(BRANDS.length);
	for (const brand of BRANDS)
		expect(quiet.walks[brand]).toMatchObject({
			calls: 1,
			newRecords: 0,
			stoppedBy: 'seen',
			firstRun: false,
		});
	expect(quiet.hints).toEqual(
		BRANDS.map(
			(_, index) =>
				`search_notes, item ${index + 1}: 0 new records for 1 call (0.1 credits); stopped at the first record an earlier run output`,
		),
	);
});

test('after a spike, exactly the new notes, for the pages holding them + 1', () => {
	const spike = runs[2];
	expect(spike.ids).toEqual({ [BRANDS[0]]: newest(BRANDS[0], SPIKE) });
	expect(spike.walks[BRANDS[0]]).toMatchObject({ calls: 3, newRecords: SPIKE, stoppedBy: 'seen' });
	expect(spike.billed).toBe(3 + 1);
});
