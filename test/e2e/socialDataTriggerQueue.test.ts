import * as crypto from 'node:crypto';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { createProgress } from '../../tools/n8n/progress';
import {
	enqueuedExecutionIds,
	publishWorkflow,
	queueModeEnv,
	startQueueCluster,
	workersThatRan,
	type MainInstance,
	type QueueCluster,
} from '../../tools/n8n/queueCluster';
import {
	ensureQueueServices,
	startPostgres,
	startRedis,
	type PostgresServer,
	type RedisServer,
} from '../../tools/n8n/queueServices';
import {
	newestCommentIds,
	pagesPerPoll,
	pollsOfStep,
	startItemSink,
	TRIGGER_NODE,
	triggerWorkflow,
	waitForItems,
	type ItemSink,
} from './socialDataTriggerWorkflow';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import { tearDown } from '../support/tearDown';

// The Social Data Trigger workflow of socialDataTrigger.test.ts, active in n8n 2.41's queue mode:
// real Redis and PostgreSQL, one main instance (`n8n start`, which polls and enqueues) and one
// worker (`n8n worker`, which runs the executions). New comments arrive in the simulator between
// polls: 3 emitted by the poll on activation, 7 by the next scheduled poll, 2 that arrive while
// the main instance is down, emitted by the poll on activation of the new main instance, which
// can only know what it saw before from the trigger's static data in PostgreSQL. Every comment
// must reach the workflow exactly once. About 3 minutes once n8n is cached.

const PAGE_SIZE = 5;
const ARRIVAL_EVERY_MS = 60_000;
/** n8n polls every minute at the soonest; an execution then waits for the worker. */
const WAIT_MS = 150_000;

interface Step {
	name: string;
	ids: string[];
	executionIds: string[];
	/** Billed gateway calls from the arrivals until the step's items were in (and a few seconds more). */
	calls: number;
	/** Pages each poll in that time read (pagesPerPoll): the one that found the new comments, and any that found nothing. */
	polls: number[];
	seconds: number;
}

const progress = createProgress('socialDataTriggerQueue');
const redact = redactor([SIMULATOR_API_KEY]);
let sim: Simulator;
let sink: ItemSink;
let redis: RedisServer | undefined;
let postgres: PostgresServer | undefined;
let session: N8nSession | undefined;
let cluster: QueueCluster | undefined;
const mains: MainInstance[] = [];
const steps: Step[] = [];
let storedBeforeRestart: TriggerMemory;
let totalSeconds: number;

interface TriggerMemory {
	newest?: { id: string };
	seen: string[];
}

/** The trigger's memory as n8n saved it in PostgreSQL: the workflow's static data, under the node. */
async function storedMemory(): Promise<TriggerMemory> {
	const rows = await postgres!.query(
		`SELECT "staticData" FROM workflow_entity WHERE id = '${session!.workflowId}'`,
	);
	const staticData = JSON.parse(rows[0]?.[0] || '{}') as Record<
		string,
		{ socialDataTrigger?: TriggerMemory }
	>;
	return staticData[`node:${TRIGGER_NODE}`]?.socialDataTrigger ?? { seen: [] };
}

async function step(name: string, arrivals: number, run: () => Promise<void>): Promise<void> {
	const started = Date.now();
	const before = sink.items.length;
	const billedBefore = sim.ledger.billedCalls();
	const requestsBefore = sim.requests.length;
	sim.clock.advance(arrivals * ARRIVAL_EVERY_MS);
	await run();
	const items = sink.items.slice(before);
	steps.push({
		name,
		ids: items.map((item) => String(item.body.comment_id)),
		executionIds: [...new Set(items.map((item) => item.executionId))],
		calls: sim.ledger.billedCalls() - billedBefore,
		polls: pagesPerPoll(sim.requests.slice(requestsBefore)),
		seconds: (Date.now() - started) / 1000,
	});
	progress.step(
		`${name}: ${items.length} items in ${steps.at(-1)!.seconds.toFixed(1)}s, pages per poll ${JSON.stringify(steps.at(-1)!.polls)}`,
	);
}

beforeAll(async () => {
	const started = Date.now();
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: ARRIVAL_EVERY_MS });
	sink = await startItemSink();
	const n8n = await ensureN8n();
	await ensureQueueServices();
	const [packTarball, redisStart, postgresStart] = await Promise.allSettled([
		packProject({ build: true, copyFirst: true }),
		startRedis(),
		startPostgres(),
	]);
	if (redisStart.status === 'fulfilled') redis = redisStart.value;
	if (postgresStart.status === 'fulfilled') postgres = postgresStart.value;
	for (const outcome of [packTarball, redisStart, postgresStart])
		if (outcome.status === 'rejected') throw outcome.reason;
	if (packTarball.status !== 'fulfilled') throw new Error('unreachable');

	// mcp-registry only fetches a catalogue from api.n8n.io, which an offline machine cannot reach.
	const env = {
		...queueModeEnv({ redis: redis!, postgres: postgres! }, crypto.randomBytes(24).toString('hex')),
		N8N_DISABLED_MODULES: 'mcp-registry',
	};
	const workflow = triggerWorkflow(
		sim.dataset.ids.objectId,
		sink.url,
		'Social Data Trigger queue-mode e2e',
	);
	session = await openN8nSession({
		n8n,
		workflow,
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball: packTarball.value,
		env,
	});
	await publishWorkflow(n8n, session.userFolder, env, session.workflowId);
	progress.step(
		`Redis, PostgreSQL, pack imported and published in ${((Date.now() - started) / 1000).toFixed(1)}s`,
	);

	// The main instance polls on activation, at start-up: the latest 3 comments.
	await step('activation poll', 0, async () => {
		cluster = await startQueueCluster({
			n8n,
			env,
			mainUserFolder: session!.userFolder,
			workers: 1,
			redact,
		});
		mains.push(cluster.main);
		progress.step(`main and worker ready in ${cluster.startSeconds.toFixed(1)}s`);
		await waitForItems(sink, 3, WAIT_MS);
	});
	// 7 new comments (more than a page of 5) for the next scheduled poll.
	await step('scheduled poll', 7, async () => await waitForItems(sink, 10, WAIT_MS));
	storedBeforeRestart = await storedMemory();
	// 2 more while the main instance is down; the new one's poll on activation finds just those.
	await step('poll after a restart of the main instance', 0, async () => {
		mains.push(await cluster!.restartMain(() => sim.clock.advance(2 * ARRIVAL_EVERY_MS)));
		await waitForItems(sink, 12, WAIT_MS);
	});
	totalSeconds = (Date.now() - started) / 1000;
	progress.step(
		`figures: ${JSON.stringify({ totalSeconds, steps: steps.map(({ ids, ...rest }) => ({ ...rest, items: ids.length })) })}`,
	);
}, 20 * 60_000);

// Every stop is bounded by signals and a grace period (see tearDown): well within the hook's timeout.
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
					['sink', async () => sink?.close()],
					['simulator', async () => sim?.close()],
				],
			],
			(line) => progress.step(line),
			redact,
		),
	2 * 60_000,
);

describe('the Social Data Trigger in n8n queue mode (main + worker, Redis, PostgreSQL)', () => {
	it('delivers each new comment exactly once, oldest first, across executions and a restart of the main instance', () => {
		const newest = (count: number) => newestCommentIds(sim, count);
		expect(steps.map((entry) => entry.ids.length)).toEqual([3, 7, 2]);
		expect(steps[0].ids).toEqual(newest(12).slice(9, 12).reverse());
		expect(steps[1].ids).toEqual(newest(12).slice(2, 9).reverse());
		expect(steps[2].ids).toEqual(newest(2).reverse());
		expect(new Set(steps.flatMap((entry) => entry.ids)).size).toBe(12);
		for (const { body } of sink.items) expect(typeof body.comment_id).toBe('string');
	});

	it('bills only the pages each poll needed: 1, 2 and 1 calls, and one per poll that found nothing', () => {
		steps.forEach((entry, index) => {
			const { read, expected } = pollsOfStep(entry.polls, [1, 2, 1][index]);
			expect(read).toEqual(expected);
		});
		expect(steps.map((entry) => entry.calls)).toEqual(
			steps.map((entry) => entry.polls.reduce((sum, pages) => sum + pages, 0)),
		);
		expect(sim.ledger.billedCalls()).toBe(sim.requests.length);
	});

	it('polls on the main instance, which enqueues one execution per poll with new comments; the worker runs them', async () => {
		for (const entry of steps) expect(entry.executionIds).toHaveLength(1);
		const executionIds = steps.map((entry) => entry.executionIds[0]);
		expect(enqueuedExecutionIds(mains[0])).toEqual(executionIds.slice(0, 2));
		expect(enqueuedExecutionIds(mains[1])).toEqual(executionIds.slice(2));
		for (const id of executionIds)
			expect(workersThatRan(cluster!.workers, id).map((worker) => worker.name)).toEqual([
				'worker1',
			]);
		for (const main of mains)
			expect(
				main.logMessages().filter((message) => message.startsWith('Worker started execution')),
			).toEqual([]);
		const rows = await postgres!.query(
			`SELECT id, mode, status, finished FROM execution_entity WHERE "workflowId" = '${session!.workflowId}' ORDER BY id`,
		);
		expect(rows).toEqual(executionIds.map((id) => [id, 'trigger', 'success', 't']));
	});

	it('keeps the memory in PostgreSQL: the restarted main instance read it there and saved it on', async () => {
		const [first, second, third] = steps.map((entry) => entry.ids);
		// The first poll remembers its whole page (5), the later ones what they emitted.
		expect(storedBeforeRestart.newest?.id).toBe(second.at(-1));
		expect(storedBeforeRestart.seen).toEqual(expect.arrayContaining([...first, ...second]));
		expect(storedBeforeRestart.seen).toHaveLength(12);
		const after = await storedMemory();
		expect(after.newest?.id).toBe(third.at(-1));
		expect(after.seen).toEqual([...storedBeforeRestart.seen, ...third]);
	});

	it('never shows the API key in an n8n log', () => {
		for (const n8nProcess of [...mains, ...cluster!.workers])
			expect(n8nProcess.outputIncludes(SIMULATOR_API_KEY)).toBe(false);
	});
});
