import * as path from 'node:path';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { freePort, n8nEnv } from '../../tools/n8n/n8nEnv';
import { STOP_GRACE_MS, startN8nServer, type N8nServer } from '../../tools/n8n/n8nServer';
import { createProgress } from '../../tools/n8n/progress';
import { publishWorkflow } from '../../tools/n8n/queueCluster';
import {
	newestCommentIds,
	pagesPerPoll,
	pollsOfStep,
	startItemSink,
	triggerWorkflow,
	waitForItems,
	type ItemSink,
} from './socialDataTriggerWorkflow';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';

// The Social Data Trigger in an active workflow of a real n8n 2.41 (`n8n start`, sqlite), polling
// every minute (n8n's shortest interval) for new comments of a channel video. Each execution posts
// its items, one request each, to a sink in this test. New comments arrive in the simulator as
// its clock moves: 3 emitted by the first poll on activation ("Emit the Latest Items"), 7 by the
// next scheduled poll, 2 by the poll on activation after n8n restarted (the memory comes back from
// the database). Every comment must reach the sink exactly once, each poll billing only the pages
// it needed. About 3.5 minutes once n8n is cached (9 on a loaded machine: build, pack install, two boots).

const PAGE_SIZE = 5;
const ARRIVAL_EVERY_MS = 60_000;
const WAIT_MS = 150_000;

const progress = createProgress('socialDataTrigger');
let sim: Simulator;
let sink: ItemSink;
let n8n: EnsuredN8n;
let session: N8nSession;
let server: N8nServer | undefined;
let env: NodeJS.ProcessEnv;
let editorUrl: string;
const delivered: Array<{ step: string; ids: string[]; calls: number; polls: number[] }> = [];

async function startServer(): Promise<void> {
	server = await startN8nServer({
		n8n,
		env,
		cwd: session.userFolder,
		url: editorUrl,
		logFile: path.join(session.userFolder, 'n8n.log'),
		redact: redactor([SIMULATOR_API_KEY]),
	});
	progress.step(`n8n ready in ${server.startSeconds.toFixed(1)}s`);
}

async function step(name: string, arrivals: number, run: () => Promise<void>): Promise<void> {
	const before = sink.items.length;
	const billedBefore = sim.ledger.billedCalls();
	const requestsBefore = sim.requests.length;
	sim.clock.advance(arrivals * ARRIVAL_EVERY_MS);
	await run();
	const polls = pagesPerPoll(sim.requests.slice(requestsBefore));
	delivered.push({
		step: name,
		ids: sink.items.slice(before).map((item) => String(item.body.comment_id)),
		calls: sim.ledger.billedCalls() - billedBefore,
		polls,
	});
	progress.step(
		`${name}: ${sink.items.length - before} items, pages per poll ${JSON.stringify(polls)}`,
	);
}

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: ARRIVAL_EVERY_MS });
	sink = await startItemSink();
	n8n = await ensureN8n();
	const packTarball = await packProject({ build: true, copyFirst: true });
	const workflow = triggerWorkflow(sim.dataset.ids.objectId, sink.url);
	session = await openN8nSession({
		n8n,
		workflow,
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
	});
	const port = await freePort();
	editorUrl = `http://127.0.0.1:${port}`;
	env = n8nEnv(n8n, session.userFolder, await freePort(), {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_DISABLED_MODULES: 'mcp-registry',
	});
	await publishWorkflow(n8n, session.userFolder, env, session.workflowId);

	// Activation polls at once: the latest 3 comments.
	await step('activation poll', 0, async () => {
		await startServer();
		await waitForItems(sink, 3, WAIT_MS);
	});
	// 7 new comments (more than a page of 5) for the next scheduled poll.
	await step('scheduled poll', 7, async () => await waitForItems(sink, 10, WAIT_MS));
	// 2 more while n8n is down; the poll on activation after the restart finds just those.
	await server!.stop();
	server = undefined;
	await step('poll after a restart', 2, async () => {
		await startServer();
		await waitForItems(sink, 12, WAIT_MS);
	});
}, 15 * 60_000);

// n8n's stop is bounded by signals (SIGTERM, its grace period, SIGKILL); the hook's timeout is above that bound.
afterAll(async () => {
	await server?.stop();
	session?.close();
	await sink?.close();
	await sim?.close();
}, STOP_GRACE_MS + 30_000);

test('each new comment reaches the workflow exactly once across executions, also across a restart', () => {
	const newest = (count: number) => newestCommentIds(sim, count);
	expect(delivered.map((entry) => entry.ids.length)).toEqual([3, 7, 2]);
	// Pages of 5: the latest 3 on page one; 7 new on two pages (the second shows the boundary); 2 on page one.
	delivered.forEach((entry, index) => {
		const { read, expected } = pollsOfStep(entry.polls, [1, 2, 1][index]);
		expect(read).toEqual(expected);
	});
	expect(delivered.map((entry) => entry.calls)).toEqual(
		delivered.map((entry) => entry.polls.reduce((sum, pages) => sum + pages, 0)),
	);
	// Oldest first within an execution, and no comment twice.
	expect(delivered[0].ids).toEqual(newest(12).slice(9, 12).reverse());
	expect(delivered[1].ids).toEqual(newest(12).slice(2, 9).reverse());
	expect(delivered[2].ids).toEqual(newest(2).reverse());
	const all = delivered.flatMap((entry) => entry.ids);
	expect(new Set(all).size).toBe(12);
	// 64-bit ids arrive as strings in n8n's items, digit for digit.
	for (const { body } of sink.items) expect(typeof body.comment_id).toBe('string');
});
