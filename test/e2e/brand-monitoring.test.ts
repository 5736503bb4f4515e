import { brandWorkflow, reportOf, type BrandReport } from './brand-monitoring';
import { packProject } from './install-pack';
import { failureReport, openN8nSession, type N8nSession, type WorkflowRunResult } from './workflow-runner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../simulator';

// The flagship workflow in a real n8n 2.41 against the simulator: two executions in one n8n,
// the second on the same data. About 60 s once n8n is cached (first install ~5 min).

const PAGE_SIZE = 3;
const BRAND = 'acme';

let sim: Simulator;
let session: N8nSession;
const runs: Array<{ result: WorkflowRunResult; report: BrandReport; dataCalls: number; billed: number; chatCalls: number }> = [];

async function executeOnce(prepare?: () => void) {
	sim.reset();
	prepare?.();
	const result = await session.execute();
	if (!result.ok) throw new Error(failureReport(result));
	const count = (path: string) => sim.requests.filter((request) => request.path === path).length;
	runs.push({
		result,
		report: reportOf(result.output),
		dataCalls: count('/api/v1/run'),
		billed: sim.ledger.billedCalls(),
		chatCalls: count('/v1/chat/completions'),
	});
}

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE });
	const packTarball = await packProject({ build: true, copyFirst: true });
	session = await openN8nSession({ workflow: brandWorkflow(BRAND), gatewayUrl: sim.url, apiKey: SIMULATOR_API_KEY, packTarball });
	await executeOnce();
	await executeOnce();
	await executeOnce(() => sim.faults.queue({ status: 500, endpoint: 'fetch_search_videos' }));
}, 20 * 60_000);

afterAll(async () => {
	session?.close();
	await sim?.close();
});

/** What the simulator holds for the last day, i.e. what the three searches must find. */
function expectedMentions() {
	const { dataset } = sim;
	return {
		notes: dataset.searchNotes(BRAND, { time_filter: '一天内', sort_type: 'time_descending' }).map((hit) => String(hit.note.id)),
		articles: dataset.searchHits(BRAND, 'article', { publish_time: 'day', sort: 'latest' }).map((hit) => String((hit as { docID: bigint }).docID)),
		videos: dataset.searchVideoHits(BRAND, { publish_time: 'day', sort: 'latest' }).map((hit) => String(hit.docID)),
	};
}

const pagesFor = (hits: number) => Math.max(1, Math.ceil(hits / PAGE_SIZE));

describe('the brand-monitoring daily report in a real n8n', () => {
	it('reports every platform, with sentiment counts that add up to the mentions', () => {
		const { report } = runs[0];
		const expected = expectedMentions();
		expect(report.failures).toEqual([]);
		for (const source of ['notes', 'articles', 'videos'] as const) {
			const counted = Object.values(report.counts[source]).reduce((sum, n) => sum + n, 0);
			expect(expected[source].length).toBeGreaterThan(0);
			expect(counted).toBe(expected[source].length);
		}
		const total = Object.values(report.totals).reduce((sum, n) => sum + n, 0);
		expect(total).toBe(report.newMentions);
		expect(report.mentions).toHaveLength(report.newMentions);
		expect(report.totals.unclassified).toBe(0);
		expect(report.html).toContain(`${report.newMentions} new mentions`);
		expect(report.summary).toMatch(new RegExp(`Summary of ${report.newMentions} mentions`));
	});

	it('keeps every 64-bit id digit for digit', () => {
		const expected = expectedMentions();
		const idsOf = (source: string) => runs[0].report.mentions.filter((m) => m.source === source).map((m) => m.id).sort();
		expect(idsOf('articles')).toEqual([...expected.articles].sort());
		expect(idsOf('videos')).toEqual([...expected.videos].sort());
		expect(idsOf('notes')).toEqual([...expected.notes].sort());
		for (const id of [...expected.articles, ...expected.videos]) expect(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
	});

	it('makes exactly the calls the workflow should: its pages, one classification per mention, one summary', () => {
		const expected = expectedMentions();
		const pages = pagesFor(expected.notes.length) + pagesFor(expected.articles.length) + pagesFor(expected.videos.length);
		const [first] = runs;
		expect(first.dataCalls).toBe(pages);
		expect(first.billed).toBe(pages);
		expect(runs[1].billed).toBe(pages);
		expect(first.chatCalls).toBe(first.report.newMentions + 1);
	});

	it('a second run on the same data reports no new mentions and classifies nothing', () => {
		const second = runs[1];
		expect(second.report.newMentions).toBe(0);
		expect(second.report.mentions).toEqual([]);
		expect(second.chatCalls).toBe(1);
		expect(second.report.html).toContain('No new mentions today.');
	});

	it('a platform that fails does not stop the report: it names the source', () => {
		const { report } = runs[2];
		expect(report.failures).toHaveLength(1);
		expect(report.failures[0]).toMatchObject({ source: 'videos', status: 500 });
		expect(report.html).toContain('Sources that failed');
		expect(report.counts.notes).toBeDefined();
	});

	it('never shows the API key in the run data', () => {
		for (const { result } of runs) expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
	});
});
