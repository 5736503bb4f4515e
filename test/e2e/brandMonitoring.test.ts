import * as path from 'node:path';
import { brandWorkflow, reportOf, type BrandReport } from '../../tools/brandMonitoring/workflow';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import {
	screenshotReport,
	type RenderedReport,
} from '../../tools/brandMonitoring/reportScreenshot';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';
import {
	failureReport,
	openN8nSession,
	type N8nSession,
	type WorkflowRunResult,
} from '../../tools/n8n/workflowRunner';
import {
	SIMULATOR_API_KEY,
	startSimulator,
	type RecordedRequest,
	type Simulator,
} from '../../simulator';

// The flagship workflow in a real n8n 2.41 against the simulator: four executions in one n8n user
// folder (each `n8n execute` its own process, so whatever the next run sees survived a restart),
// the second on the same data, the third with the video search failing, the fourth after new posts
// arrived, with one malformed model answer. Classification in batches of 5 so the mentions take
// several calls. About 2 minutes once n8n is cached (first install ~5 min).

const PAGE_SIZE = 3;
const BRAND = 'acme';
const BATCH_SIZE = 5;
/** Virtual minutes between arriving posts; the fourth run comes ARRIVALS of them later. */
const ARRIVAL_EVERY_MS = 60_000;
const ARRIVALS = 4;
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts', 'brand-report');

interface ReportRun {
	result: WorkflowRunResult;
	report: BrandReport;
	dataCalls: number;
	billed: number;
	chatCalls: RecordedRequest[];
	/** What the searches had to find at the time of the run. */
	expected: ReturnType<typeof expectedMentions>;
}

let sim: Simulator;
let chat: WebhookReceiver;
let session: N8nSession;
const runs: ReportRun[] = [];
const rendered: RenderedReport[] = [];

async function executeOnce(prepare?: () => void) {
	sim.reset();
	prepare?.();
	const expected = expectedMentions();
	const result = await session.execute();
	if (!result.ok) throw new Error(failureReport(result));
	runs.push({
		result,
		report: reportOf(result.output),
		dataCalls: sim.requests.filter((request) => request.path === '/api/v1/run').length,
		billed: sim.ledger.billedCalls(),
		chatCalls: sim.requests.filter((request) => request.path === '/v1/chat/completions'),
		expected,
	});
}

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: ARRIVAL_EVERY_MS });
	chat = await startWebhookReceiver();
	const packTarball = await packProject({ build: true, copyFirst: true });
	const workflow = brandWorkflow({ brand: BRAND, batchSize: BATCH_SIZE, chatWebhookUrl: chat.url });
	session = await openN8nSession({
		workflow,
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
	});
	await executeOnce();
	await executeOnce();
	await executeOnce(() => sim.faults.queue({ status: 500, endpoint: 'fetch_search_videos' }));
	await executeOnce(() => {
		sim.clock.advance(ARRIVALS * ARRIVAL_EVERY_MS);
		sim.faults.queue({ endpoint: 'v1/chat/completions', modelAnswer: 'drop-item' });
	});
	rendered.push(
		await screenshotReport(runs[0].report.html, path.join(SCREENSHOT_DIR, 'daily-report.png')),
	);
	rendered.push(
		await screenshotReport(
			runs[2].report.html,
			path.join(SCREENSHOT_DIR, 'daily-report-failed-source.png'),
		),
	);
}, 20 * 60_000);

afterAll(async () => {
	session?.close();
	await sim?.close();
	await chat?.close();
});

/** What the simulator holds for the last day now, i.e. what the three searches must find. */
function expectedMentions() {
	const { dataset } = sim;
	return {
		notes: dataset
			.searchNotes(BRAND, { time_filter: '一天内', sort_type: 'time_descending' })
			.map((hit) => String(hit.note.id)),
		articles: dataset
			.searchHits(BRAND, 'article', { publish_time: 'day', sort: 'latest' })
			.map((hit) => String((hit as { docID: bigint }).docID)),
		videos: dataset
			.searchVideoHits(BRAND, { publish_time: 'day', sort: 'latest' })
			.map((hit) => String(hit.docID)),
	};
}

const pagesFor = (hits: number) => Math.max(1, Math.ceil(hits / PAGE_SIZE));
const bodyOf = (request: RecordedRequest) => JSON.parse(request.bodyText);
const isClassification = (request: RecordedRequest) =>
	bodyOf(request).response_format !== undefined;

describe('the brand-monitoring daily report in a real n8n', () => {
	it('reports every platform, with sentiment counts that add up to the mentions', () => {
		const { report, expected } = runs[0];
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
		expect(report.subject).toBe(
			`${BRAND}: ${report.newMentions} new mentions, ${report.totals.negative} negative (${report.day})`,
		);
		expect(report.summary).toMatch(new RegExp(`Summary of ${report.newMentions} mentions`));
	});

	it('keeps every 64-bit id digit for digit', () => {
		const { expected } = runs[0];
		const idsOf = (source: string) =>
			runs[0].report.mentions
				.filter((m) => m.source === source)
				.map((m) => m.id)
				.sort();
		expect(idsOf('articles')).toEqual([...expected.articles].sort());
		expect(idsOf('videos')).toEqual([...expected.videos].sort());
		expect(idsOf('notes')).toEqual([...expected.notes].sort());
		for (const id of [...expected.articles, ...expected.videos])
			expect(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
	});

	it('makes exactly the calls the workflow should: its pages, ceil(mentions / batch size) classification calls, one summary', () => {
		const { expected } = runs[0];
		const pages =
			pagesFor(expected.notes.length) +
			pagesFor(expected.articles.length) +
			pagesFor(expected.videos.length);
		const [first] = runs;
		expect(first.dataCalls).toBe(pages);
		expect(first.billed).toBe(pages);
		expect(runs[1].billed).toBe(pages);
		const mentions = first.report.newMentions;
		expect(mentions).toBeGreaterThan(2 * BATCH_SIZE);
		expect(first.chatCalls).toHaveLength(Math.ceil(mentions / BATCH_SIZE) + 1);
		// The classification calls ask for structured output, each mention in exactly one of them.
		const classification = first.chatCalls.filter(isClassification);
		expect(classification).toHaveLength(Math.ceil(mentions / BATCH_SIZE));
		for (const request of classification)
			expect(bodyOf(request).response_format).toMatchObject({
				type: 'json_schema',
				json_schema: { strict: true },
			});
		const asked = classification.map(
			(request) => JSON.parse(bodyOf(request).messages[1].content).items.length as number,
		);
		expect(Math.max(...asked)).toBe(BATCH_SIZE);
		expect(asked.reduce((sum, n) => sum + n, 0)).toBe(mentions);
	});

	it('a second run on the same data reports no new mentions and classifies nothing', () => {
		const second = runs[1];
		expect(second.report.newMentions).toBe(0);
		expect(second.report.mentions).toEqual([]);
		expect(second.chatCalls).toHaveLength(1);
		expect(second.chatCalls.filter(isClassification)).toEqual([]);
		expect(second.report.html).toContain('No new mentions today.');
	});

	it('a platform that fails does not stop the report: it names the source', () => {
		const { report } = runs[2];
		expect(report.failures).toHaveLength(1);
		expect(report.failures[0]).toMatchObject({ source: 'videos', status: 500 });
		expect(report.html).toContain('Sources that failed');
		expect(report.counts.notes).toBeDefined();
	});

	it('a malformed model answer is asked again about what it left open: one call more, no mention lost', () => {
		const { report, chatCalls } = runs[3];
		expect(report.newMentions).toBe(3 * ARRIVALS);
		expect(report.mentions).toHaveLength(3 * ARRIVALS);
		expect(report.totals.unclassified).toBe(0);
		const classification = chatCalls.filter(isClassification);
		const asked = classification.map(
			(request) => JSON.parse(bodyOf(request).messages[1].content).items.length as number,
		);
		// The batches, then the retry of the one whose answer left its last mention out.
		expect(classification).toHaveLength(Math.ceil(report.newMentions / BATCH_SIZE) + 1);
		expect(asked.filter((n) => n === 1)).toHaveLength(1);
		expect(asked.reduce((sum, n) => sum + n, 0)).toBe(report.newMentions + 1);
		expect(chatCalls).toHaveLength(classification.length + 1);
	});

	it('keeps the trend in n8n across runs (each run a new n8n process): one entry more per run, earlier entries unchanged', () => {
		const [first, second, third, fourth] = runs.map((run) => run.report.trend);
		const countsOf = (report: BrandReport) => ({
			mentions: report.newMentions,
			positive: report.totals.positive,
			neutral: report.totals.neutral,
			negative: report.totals.negative,
			unclassified: report.totals.unclassified,
		});
		expect(first).toHaveLength(1);
		expect(first[0]).toMatchObject({ ...countsOf(runs[0].report), failedSources: 0 });
		expect(second).toHaveLength(2);
		expect(second[0]).toEqual(first[0]);
		expect(second[1]).toMatchObject({ mentions: 0, failedSources: 0 });
		expect(third).toHaveLength(3);
		expect(third.slice(0, 2)).toEqual(second);
		expect(third[2]).toMatchObject({ mentions: 0, failedSources: 1 });
		expect(fourth.slice(0, 3)).toEqual(third);
		expect(fourth[3]).toMatchObject({ mentions: 3 * ARRIVALS });
		expect(new Set(fourth.map((run) => run.execution)).size).toBe(4);
	});

	it('posts the Markdown version to the team-chat webhook once per run', () => {
		expect(chat.posts).toHaveLength(runs.length);
		chat.posts.forEach((post, n) => {
			expect(post).toMatchObject({
				method: 'POST',
				contentType: expect.stringContaining('application/json'),
			});
			expect(JSON.parse(post.body)).toEqual({ text: runs[n].report.markdown });
		});
		const { markdown, newMentions, totals } = runs[0].report;
		expect(markdown).toContain(
			`${newMentions} new: ${totals.positive} positive · ${totals.neutral} neutral · ${totals.negative} negative`,
		);
		expect(runs[2].report.markdown).toMatch(/\*\*Sources that failed:\*\* Videos \(HTTP 500\)/);
		expect(runs[2].report.markdown).toMatch(
			new RegExp(
				`\\*\\*Trend \\(last 3 runs\\):\\*\\* ${newMentions}( \\(${totals.negative} neg\\))? → 0 → 0`,
			),
		);
	});

	it('renders in headless Chromium as a mail client shows it: headline numbers, action items with their links, no overflow', () => {
		const [page, failedPage] = rendered;
		const { report } = runs[0];
		expect(page.size.width).toBeLessThanOrEqual(720);
		expect(page.text).toMatch(
			new RegExp(
				`${report.newMentions}\\s+new mentions\\s+${report.totals.negative}\\s+negative\\s+${report.totals.positive}\\s+positive\\s+3/3\\s+sources answered`,
			),
		);
		expect(page.text).toContain(`ANSWER FIRST: ${report.negatives.length} NEGATIVE MENTION`);
		expect(page.text).toMatch(/SENTIMENT BY PLATFORM\s+Notes/);
		expect(page.text).toContain('TREND: LAST 1 RUN');
		for (const [n, mention] of report.negatives.entries())
			expect(page.text).toContain(`${n + 1}. ${mention.title}`);
		// Each action item links to its post; a channel video, which has no web link, says what to open in the app.
		expect(report.negatives.some((mention) => mention.source === 'notes')).toBe(true);
		for (const mention of report.negatives) {
			if (mention.source === 'videos') {
				expect(mention.url).toBeNull();
				expect(page.text).toContain(`No web link on Videos: open in the app: ${mention.openInApp}`);
			} else {
				expect(mention.url).toMatch(/^https:\/\//);
				expect(page.links).toContain(mention.url);
			}
			if (mention.source === 'notes')
				expect(mention.url).toMatch(
					/^https:\/\/www\.xiaohongshu\.com\/explore\/[0-9a-f]{24}\?xsec_token=AB/,
				);
		}
		for (const link of page.links) expect(report.mentions.map((m) => m.url)).toContain(link);
		expect(page.text.indexOf('ANSWER FIRST')).toBeLessThan(page.text.indexOf('MOST ENGAGED'));
		expect(failedPage.text).toMatch(/2\/3\s+sources answered/);
		expect(failedPage.text).toMatch(/SOURCES THAT FAILED\s+Videos \(HTTP 500\)/);
		expect(failedPage.text).toContain('TREND: LAST 3 RUNS');
	});

	it('never shows the API key in the run data', () => {
		for (const { result } of runs)
			expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
	});
});
