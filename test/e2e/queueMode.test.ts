import * as crypto from 'node:crypto';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { createProgress } from '../../tools/n8n/progress';
import {
	enqueuedExecutionIds,
	postWebhook,
	publishWorkflow,
	queueModeEnv,
	startQueueCluster,
	waitForProductionWebhook,
	workersThatRan,
	type QueueCluster,
} from '../../tools/n8n/queueCluster';
import {
	ensureQueueServices,
	startPostgres,
	startRedis,
	type PostgresServer,
	type RedisServer,
} from '../../tools/n8n/queueServices';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';
import {
	brandFlows,
	COLLECT_ID,
	DAILY_ID,
	SETTINGS_ID,
	type BrandWorkflow,
} from '../../tools/brandMonitoring/flowServer';
import { COLLECT_SCHEDULE, DAILY_SCHEDULE, tableReader } from '../../tools/brandMonitoring/flows';
import { DEFAULT_TOTALS, SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import { smtpSinkCredential, startSmtpSink, type SmtpSink } from '../../tools/smtpSink';
import { tearDown } from '../support/tearDown';

// The brand-monitoring pair (hourly collector, daily report) in n8n's queue mode: real Redis and
// PostgreSQL, a main instance that takes the webhooks standing in for the schedules and enqueues
// them, and two workers that run them. Collector ticks at T0 (the backfill), T0+6h and T0+12h;
// after a spike of 60 notes about acme two ticks posted at once, which run side by side on the two
// workers; a quiet tick; then the daily report, its e-mail into a local SMTP sink. The Data Tables
// must hold each mention once; n8n 2.41 gives a queued execution no static data, so the searches'
// memory lives in the brand_memory Data Table, and a quiet tick costs one call per brand and
// source on the workers too (see below). About 3 minutes once n8n is cached.

const HOUR = 3600_000;
const WORKERS = 2;
const SPIKE = 60;
const BRANDS = ['acme', 'rival'];
const READER_ID = 'brandQueueReader';
const READER_PATH = 'brand-queue-rows';
const REPORT_TO = 'queue-report@example.com';
const STEP_TIMEOUT_MS = 5 * 60_000;
/** The collector's three searches, by the simulator's endpoint names. */
const SEARCHES = ['search_notes', 'fetch_search', 'fetch_search_videos'];
const PAGE_SIZE = 10;
/** The Credit Ceiling burst: runs posted at once of a Return All search under a ceiling of six calls. */
const CEILING_ID = 'brandQueueCeiling';
const CEILING_PATH = 'brand-queue-ceiling';
const CEILING_RUNS = 4;
const CALL_CREDITS = 0.1;
const CEILING_CREDITS = 0.6;

interface Tick {
	name: string;
	executionIds: string[];
	/** Billed calls (the simulator ledger: only data calls are billed) from the post until the answers. */
	billed: number;
	modelCalls: number;
	/** Pages of every list of every brand at the tick: what a walk without memory reads. */
	allPages: number;
	/** The newest acme note the simulator lists at the tick, and the one the memory in PostgreSQL names after it. */
	newestNote: string;
	rememberedNote: string | undefined;
}

const progress = createProgress('queueMode');
const redact = redactor([SIMULATOR_API_KEY]);
let sim: Simulator;
let smtp: SmtpSink;
let redis: RedisServer | undefined;
let postgres: PostgresServer | undefined;
let session: N8nSession | undefined;
let cluster: QueueCluster | undefined;
let flows: Record<BrandWorkflow, WorkflowJson>;
const ticks: Tick[] = [];
let collectRows: Array<Record<string, unknown>>;
let reportRows: Array<Record<string, unknown>>;
let ceilingBurst: { executionIds: string[]; credits: number; answers: string[] };

/** The path of the webhook that stands in for a flow's schedule (set by onWebhook). */
function webhookPath(flow: WorkflowJson, schedule: string): string {
	const node = flow.nodes.find((candidate) => candidate.name === schedule);
	return String((node?.parameters as { path?: unknown } | undefined)?.path);
}

const searchBilled = () => sim.ledger.billedCalls();
const modelCalls = () =>
	sim.requests.filter((request) => request.path === '/v1/chat/completions').length;

async function post(path: string, body: unknown): Promise<unknown> {
	const answer = await postWebhook(cluster!.main.webhookUrl(path), body, STEP_TIMEOUT_MS);
	if (answer.status !== 200)
		throw new Error(
			`${path} answered ${answer.status}: ${redact(JSON.stringify(answer.body)).slice(0, 1000)}`,
		);
	return answer.body;
}

/** Posts the schedule ticks of one flow at the simulator's virtual now (several at once for overlap). */
async function tick(name: string, flow: 'collect' | 'daily', runs = 1): Promise<Tick> {
	const path = webhookPath(flows[flow], flow === 'collect' ? COLLECT_SCHEDULE : DAILY_SCHEDULE);
	const timestamp = new Date(sim.clock.now()).toISOString();
	const before = new Set(enqueuedExecutionIds(cluster!.main));
	const [billedBefore, modelBefore] = [searchBilled(), modelCalls()];
	const started = Date.now();
	await Promise.all(Array.from({ length: runs }, () => post(path, { timestamp })));
	const executionIds = enqueuedExecutionIds(cluster!.main).filter((id) => !before.has(id));
	const done: Tick = {
		name,
		executionIds,
		billed: searchBilled() - billedBefore,
		modelCalls: modelCalls() - modelBefore,
		allPages: BRANDS.flatMap(simulatorLists).reduce(
			(sum, list) => sum + Math.ceil(list.length / PAGE_SIZE),
			0,
		),
		newestNote: simulatorLists('acme')[0][0].replace(/^notes:/, ''),
		rememberedNote: await rememberedNewestNote('acme'),
	};
	const ranOn = executionIds.map((id) => workersThatRan(cluster!.workers, id).map((w) => w.name));
	progress.step(
		`${name} (${timestamp}): ${done.billed} billed search calls, ${done.modelCalls} model calls, ` +
			`ran on ${JSON.stringify(ranOn)} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
	);
	ticks.push(done);
	return done;
}

/** What the simulator lists now for a term in each of the collector's three searches, as stored keys, newest first. */
function simulatorLists(term: string): string[][] {
	return [
		sim.dataset
			.searchNotes(term, { sort_type: 'time_descending' })
			.map((hit) => `notes:${hit.note.id}`),
		sim.dataset
			.searchHits(term, 'article', { sort: 'latest' })
			.map((hit) => `articles:${String(hit.docID)}`),
		sim.dataset
			.searchVideoHits(term, { sort: 'latest' })
			.map((hit) => `channels:${String(hit.docID)}`),
	];
}

const simulatorKeys = (term: string) => simulatorLists(term).flat();

interface OnlyNewMemory {
	newest?: { id: string };
}

/** The newest note the collector's Search Notes remembers for a term: its row of the brand_memory Data Table. */
async function rememberedNewestNote(term: string): Promise<string | undefined> {
	// A memory row is keyed by its walk's query: the endpoint and its input, the term among them.
	const memory = (await rows('brand_memory')).find((row) => {
		const [endpoint, input] = JSON.parse(String(row.key)) as [string, { keyword?: string }];
		return endpoint === 'search_notes' && input.keyword === term;
	});
	if (typeof memory?.state !== 'string' || memory.state === '') return undefined;
	return (JSON.parse(memory.state) as OnlyNewMemory).newest?.id;
}

const tickNamed = (name: string) => ticks.find((t) => t.name === name)!;

async function rows(table: string): Promise<Array<Record<string, unknown>>> {
	const body = await post(READER_PATH, { table });
	if (!Array.isArray(body)) throw new Error(`the reader answered ${JSON.stringify(body)}`);
	return (body as Array<Record<string, unknown>>).filter((row) => Object.keys(row).length > 0);
}

/** Servers up; the pair, the reader and the SMTP credential imported into PostgreSQL and published. */
async function prepareQueueMode(env: () => NodeJS.ProcessEnv): Promise<void> {
	const started = Date.now();
	await ensureQueueServices();
	const [redisStart, postgresStart] = await Promise.allSettled([startRedis(), startPostgres()]);
	if (redisStart.status === 'fulfilled') redis = redisStart.value;
	if (postgresStart.status === 'fulfilled') postgres = postgresStart.value;
	if (redisStart.status === 'rejected') throw redisStart.reason;
	if (postgresStart.status === 'rejected') throw postgresStart.reason;
	progress.step(
		`Redis ${redis!.port} and PostgreSQL ${postgres!.port} up in ${((Date.now() - started) / 1000).toFixed(1)}s`,
	);
	const n8n = await ensureN8n();
	session = await openN8nSession({
		n8n,
		workflow: flows.collect,
		moreWorkflows: [
			flows.daily,
			flows.settings,
			tableReader(READER_ID, READER_PATH),
			ceilingSearch(CEILING_ID, CEILING_PATH),
		],
		credentials: [smtpSinkCredential(smtp.port)],
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball: await packProject({ build: true, copyFirst: true }),
		env: env(),
	});
	for (const id of [COLLECT_ID, DAILY_ID, SETTINGS_ID, READER_ID, CEILING_ID])
		await publishWorkflow(n8n, session.userFolder, env(), id);
	progress.step('pack installed, the pair and the reader imported into PostgreSQL and published');
}

/** A webhook that runs a Return All Search Notes under a Credit Ceiling per Hour, answering with its items. */
function ceilingSearch(id: string, path: string): WorkflowJson {
	return {
		id,
		name: 'Search under a Credit Ceiling (test)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Burst',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
			},
			{
				id: crypto.randomUUID(),
				name: 'Search Notes',
				type: 'n8n-nodes-social-gateway.socialData',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'notes',
					operation: 'search_notes',
					keyword: 'acme',
					returnAll: true,
					options: { creditCeilingPerHour: CEILING_CREDITS },
				},
			},
		],
		connections: { Burst: { main: [[{ node: 'Search Notes', type: 'main', index: 0 }]] } },
	};
}

/** Posts the ceiling's runs at once; both workers take them, two at a time. */
async function burstUnderCeiling(): Promise<typeof ceilingBurst> {
	const before = new Set(enqueuedExecutionIds(cluster!.main));
	const creditsBefore = sim.ledger.credits();
	const answers = await Promise.all(
		Array.from({ length: CEILING_RUNS }, () =>
			postWebhook(cluster!.main.webhookUrl(CEILING_PATH), {}, STEP_TIMEOUT_MS),
		),
	);
	const burst = {
		executionIds: enqueuedExecutionIds(cluster!.main).filter((id) => !before.has(id)),
		credits: Math.round((sim.ledger.credits() - creditsBefore) * 1000) / 1000,
		answers: answers.map((answer) => `${answer.status} ${redact(JSON.stringify(answer.body))}`),
	};
	progress.step(
		`ceiling burst: ${burst.credits} credits billed; answers ${burst.answers.map((a) => a.slice(0, 3)).join(', ')}`,
	);
	return burst;
}

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: 6 * HOUR });
	smtp = await startSmtpSink();
	flows = brandFlows({ settings: { alertTo: REPORT_TO, reportTo: REPORT_TO } });
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	const env = () => ({
		...queueModeEnv({ redis: redis!, postgres: postgres! }, encryptionKey),
		// mcp-registry only fetches a catalogue from api.n8n.io, which an offline machine cannot reach.
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_EXPRESSION_ENGINE: 'legacy',
		// One job at a time per worker, so two ticks posted at once must run on both workers.
		N8N_CONCURRENCY_PRODUCTION_LIMIT: '1',
	});
	await prepareQueueMode(env);

	const n8n = await ensureN8n();
	cluster = await startQueueCluster({
		n8n,
		env: env(),
		mainUserFolder: session!.userFolder,
		workers: WORKERS,
		redact,
	});
	progress.step(`main and ${WORKERS} workers ready in ${cluster.startSeconds.toFixed(1)}s`);
	for (const id of [COLLECT_ID, DAILY_ID, READER_ID, CEILING_ID])
		await waitForProductionWebhook(postgres!.query, id, {
			timeoutMs: STEP_TIMEOUT_MS,
			main: cluster.main,
		});

	await tick('backfill', 'collect');
	for (const hours of [6, 12]) {
		sim.clock.advance(6 * HOUR);
		await tick(`T0+${hours}h`, 'collect');
	}
	sim.clock.advance(6 * HOUR);
	const spike = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ count: SPIKE, endpoint: 'search_notes', keyword: 'acme' }),
	});
	if (!spike.ok) throw new Error(`the spike was refused: ${await spike.text()}`);
	await tick('overlap', 'collect', 2);
	sim.clock.advance(HOUR);
	await tick('quiet', 'collect');
	collectRows = await rows('brand_mentions');
	sim.clock.advance(HOUR);
	await tick('daily', 'daily');
	reportRows = await rows('brand_reports');
	const subjects = smtp.messages.map((mail) => /^Subject: (.*)$/m.exec(mail.data)?.[1]);
	progress.step(`${collectRows.length} stored mentions; e-mails: ${JSON.stringify(subjects)}`);
	ceilingBurst = await burstUnderCeiling();
}, 25 * 60_000);

// Every stop is bounded by signals and a grace period (n8n 20 s, PostgreSQL 15 s, Redis 10 s, then
// SIGKILL), so the tear-down ends in about a minute at worst, well within the hook's timeout.
afterAll(
	() =>
		tearDown(
			[
				[
					['cluster', async () => cluster?.close()],
					['session', () => session?.close()],
				],
				[
					['redis', async () => redis?.stop()],
					['postgres', async () => postgres?.stop()],
					['simulator', async () => sim?.close()],
					['smtp sink', async () => smtp?.close()],
				],
			],
			(line) => progress.step(line),
			redact,
		),
	2 * 60_000,
);

const keysOf = (brand: string) =>
	collectRows.filter((row) => row.brand === brand).map((row) => String(row.key));

async function executionRows(workflowId: string): Promise<string[][]> {
	return postgres!.query(
		`SELECT id, status, mode, extract(epoch from "startedAt"), extract(epoch from "stoppedAt") FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
	);
}

describe('the brand-monitoring pair in n8n queue mode (main + 2 workers, Redis, PostgreSQL)', () => {
	it('runs every tick on exactly one worker, both workers busy, none on the main instance', async () => {
		const all = ticks.flatMap((t) => t.executionIds);
		expect(ticks.map((t) => t.executionIds.length)).toEqual([1, 1, 1, 2, 1, 1]);
		const ranOn = all.map((id) => workersThatRan(cluster!.workers, id).map((w) => w.name));
		for (const workers of ranOn) expect(workers).toHaveLength(1);
		expect(new Set(ranOn.flat()).size).toBe(WORKERS);
		const startedOnMain = cluster!.main
			.logMessages()
			.filter((message) => message.startsWith('Worker started execution'));
		expect(startedOnMain).toEqual([]);
		const collect = await executionRows(COLLECT_ID);
		expect(collect.map(([id, status, mode]) => [id, status, mode])).toEqual(
			ticks
				.filter((t) => t.name !== 'daily')
				.flatMap((t) => t.executionIds)
				// By id, as the query orders them: two ticks posted at once are enqueued in either order.
				.sort((a, b) => Number(a) - Number(b))
				.map((id) => [id, 'success', 'webhook']),
		);
		const daily = await executionRows(DAILY_ID);
		expect(daily.map(([id, status]) => [id, status])).toEqual([
			[tickNamed('daily').executionIds[0], 'success'],
		]);
	});

	it('runs the two ticks posted at once side by side, one on each worker', async () => {
		const [a, b] = tickNamed('overlap').executionIds;
		const workersOf = (id: string) => workersThatRan(cluster!.workers, id).map((w) => w.name);
		expect(workersOf(a)).not.toEqual(workersOf(b));
		const times = new Map(
			(await executionRows(COLLECT_ID)).map(([id, , , start, stop]) => [
				id,
				[Number(start), Number(stop)],
			]),
		);
		const [[startA, stopA], [startB, stopB]] = [times.get(a)!, times.get(b)!];
		expect(startA).toBeLessThan(stopB);
		expect(startB).toBeLessThan(stopA);
	});

	it('stores each mention the simulator lists exactly once per brand: none lost or doubled by the overlapping runs', () => {
		for (const brand of BRANDS) {
			const stored = keysOf(brand);
			const expected = simulatorKeys(brand);
			// The generated records of each search, a steady arrival per list at T0+6h, +12h and +18h, the spike.
			const generated = SEARCHES.reduce((sum, endpoint) => sum + DEFAULT_TOTALS[endpoint], 0);
			expect(expected).toHaveLength(generated + 3 * 3 + (brand === 'acme' ? SPIKE : 0));
			expect(new Set(expected).size).toBe(expected.length);
			expect(stored).toHaveLength(expected.length);
			expect([...stored].sort()).toEqual([...expected].sort());
		}
		expect(collectRows).toHaveLength(
			collectRows.filter((row) => BRANDS.includes(String(row.brand))).length,
		);
	});

	it('keeps the Only New memory in the brand_memory Data Table, stored by the workers after every tick', () => {
		for (const t of ticks.filter((t) => t.name !== 'daily'))
			expect({ tick: t.name, remembered: t.rememberedNote }).toEqual({
				tick: t.name,
				remembered: t.newestNote,
			});
	});

	// n8n 2.41 in queue mode: the main instance writes a new execution's workflow snapshot without
	// its static data (toWorkflowSnapshot keeps id, name, nodes, connections, settings) and tells the
	// worker to reload static data only for a resumed execution (loadStaticData), so a worker runs
	// every new webhook or schedule execution with empty static data. The collector's memory is in a
	// Data Table instead, which every worker reads.
	it('starts each queued execution without static data (n8n 2.41), yet pays only for what is new: the memory comes from the Data Table', async () => {
		for (const id of ticks.flatMap((t) => t.executionIds)) {
			const [[snapshot]] = await postgres!.query(
				`SELECT "workflowData"::text FROM execution_data WHERE "executionId" = '${id}'`,
			);
			expect(Object.keys(JSON.parse(snapshot) as object)).not.toContain('staticData');
		}
		const perRun = BRANDS.length * SEARCHES.length;
		expect(tickNamed('backfill').billed).toBe(tickNamed('backfill').allPages);
		for (const name of ['T0+6h', 'T0+12h'])
			expect({ tick: name, billed: tickNamed(name).billed }).toEqual({
				tick: name,
				billed: perRun,
			});
		// The spike's 61 new acme notes fill 7 pages; the other lists show their one new record on one.
		const oneRun = Math.ceil((SPIKE + 1) / PAGE_SIZE) + perRun - 1;
		// An hour later the 61, published at one time, still lie inside the Look-Back Margin (2 hours)
		// below the newest acme note: the quiet tick reads their pages again.
		expect(tickNamed('quiet').billed).toBe(oneRun);
		// Two runs at once: the second reads either the memory the first stored or the one before it.
		const overlap = tickNamed('overlap').billed;
		expect(overlap).toBeGreaterThanOrEqual(oneRun + perRun);
		expect(overlap).toBeLessThanOrEqual(2 * oneRun);
	});

	it('classifies only what the Data Table does not hold yet: nothing on the quiet tick', () => {
		// T0+6h: one steady arrival per list and brand, 6 mentions, one batch of up to 25.
		expect(tickNamed('T0+6h').modelCalls).toBe(1);
		expect(tickNamed('quiet').modelCalls).toBe(0);
	});

	it("sends the daily report's e-mail with the total of the stored mentions", () => {
		const reports = smtp.messages.filter((mail) => /Subject: .*new mention/.test(mail.data));
		expect(reports).toHaveLength(1);
		expect(reports[0].to).toEqual([REPORT_TO]);
		const total = collectRows.length;
		expect(reports[0].data).toMatch(new RegExp(`Subject: .*: ${total} new mentions,`));
		expect(reportRows).toHaveLength(1);
		expect(Number(reportRows[0].mentions)).toBe(total);
		expect(tickNamed('daily').billed).toBe(0);
	});

	// The Credit Ceiling's ledger lives in n8n's database (its deduplication store), which every
	// worker reads and writes under one lock, so the six calls of the hour are all the workers pay
	// together. With a ledger per worker each would pay its own six.
	it('holds the Credit Ceiling per Hour across both workers: the overlapping runs pay at most the ceiling plus one call per running execution', async () => {
		const { executionIds, credits, answers } = ceilingBurst;
		expect(executionIds).toHaveLength(CEILING_RUNS);
		const ranOn = executionIds.map((id) => workersThatRan(cluster!.workers, id).map((w) => w.name));
		expect(new Set(ranOn.flat()).size).toBe(WORKERS);
		const times = (await executionRows(CEILING_ID)).map(([, , , start, stop]) => [
			Number(start),
			Number(stop),
		]);
		const overlapping = times.some(([startA, stopA], a) =>
			times.some(([startB, stopB], b) => a !== b && startA < stopB && startB < stopA),
		);
		expect(overlapping).toBe(true);
		// Two executions run at a time (one per worker).
		expect(credits).toBeLessThanOrEqual(CEILING_CREDITS + WORKERS * CALL_CREDITS);
		expect(credits).toBeGreaterThanOrEqual(CEILING_CREDITS);
		const stored = await postgres!.query(
			`SELECT data FROM execution_data WHERE "executionId" IN (${executionIds.map((id) => `'${id}'`).join(', ')})`,
		);
		expect(stored.flat().join('\n') + answers.join('\n')).toMatch(
			/Credit Ceiling per Hour of 0.6 credits is reached/,
		);
	});

	it('never shows the API key in any n8n log', () => {
		for (const n8nProcess of [cluster!.main, ...cluster!.workers])
			expect(n8nProcess.outputIncludes(SIMULATOR_API_KEY)).toBe(false);
	});
});
