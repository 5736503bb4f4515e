import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { freePort, n8nEnv } from '../../tools/n8n/n8nEnv';
import { STOP_GRACE_MS, startN8nServer, type N8nServer } from '../../tools/n8n/n8nServer';
import { createProgress } from '../../tools/n8n/progress';
import { publishWorkflow } from '../../tools/n8n/queueCluster';
import {
	newestCommentIds,
	startItemSink,
	triggerWorkflow,
	waitForItems,
	type ItemSink,
} from './socialDataTriggerWorkflow';
import { openN8nSession, redactor, type N8nSession } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';

// n8n 2.41.1's durable scheduler gives each scheduled poll a time budget (`getPollBudgetMs()`:
// the poll timeout less its margin, `getExecutePollFunctions` in n8n's
// trigger-execution-context.factory) and abandons a poll still running at the timeout
// (`PollTriggerTaskHandler.execute`): its items are not emitted and its memory is not saved. The
// default scheduler gives no budget it enforces, so this test runs its own `n8n start` with the
// durable scheduler and a 15 s poll timeout: a 10 s budget (15 s less the 5 s minimum margin).
// The simulator answers every page after 2 s; 28 new comments, 6 pages of 5, take 12 s to read,
// more than one budget. The first scheduled poll must stop in time and emit what it read, the next
// one finish the walk: every comment once, every page billed once. About 4 minutes once n8n is
// cached (boot, one activation poll, two or three scheduled polls a minute apart).

const PAGE_SIZE = 5;
const ARRIVAL_EVERY_MS = 60_000;
const PAGE_DELAY_MS = 2_000;
const POLL_TIMEOUT_S = 15;
// n8n's margin is a fifth of the timeout, at least 5 s and at most half of it.
const POLL_BUDGET_MS = POLL_TIMEOUT_S * 1_000 - 5_000;
const BACKLOG = 28;
const ACTIVATION_ITEMS = 3;
const WAIT_MS = 200_000;

const progress = createProgress('socialDataTriggerPollBudget');
let sim: Simulator;
let sink: ItemSink;
let n8n: EnsuredN8n;
let session: N8nSession;
let server: N8nServer | undefined;
let logFile: string;
/** When the simulator got each request, by its index in `sim.requests`. */
const seenAt: number[] = [];
let watcher: NodeJS.Timeout | undefined;
let billedForBacklog = 0;
let backlogRequestsFrom = 0;

/** The comment pages read, grouped into polls: scheduled polls are a minute apart, pages of one poll seconds. */
function backlogPolls(): Array<{ pages: number; ms: number }> {
	const polls: Array<{ pages: number; first: number; last: number }> = [];
	for (let index = backlogRequestsFrom; index < sim.requests.length; index++) {
		const request = sim.requests[index];
		if (!request.endpoint?.endsWith('/fetch_video_comments') || request.status !== 200) continue;
		const at = seenAt[index];
		const current = polls.at(-1);
		if (current && at - current.last < 20_000) {
			current.pages++;
			current.last = at;
		} else polls.push({ pages: 1, first: at, last: at });
	}
	// A page is seen when it is asked for and answered PAGE_DELAY_MS later.
	return polls.map((poll) => ({ pages: poll.pages, ms: poll.last - poll.first + PAGE_DELAY_MS }));
}

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: ARRIVAL_EVERY_MS });
	watcher = setInterval(() => {
		while (seenAt.length < sim.requests.length) seenAt.push(Date.now());
	}, 50);
	sink = await startItemSink();
	n8n = await ensureN8n();
	const packTarball = await packProject({ build: true, copyFirst: true });
	session = await openN8nSession({
		n8n,
		workflow: triggerWorkflow(
			sim.dataset.ids.objectId,
			sink.url,
			'Social Data Trigger poll budget',
		),
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
	});
	const port = await freePort();
	const env = n8nEnv(n8n, session.userFolder, await freePort(), {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
	});
	await publishWorkflow(n8n, session.userFolder, env, session.workflowId);
	logFile = path.join(session.userFolder, 'n8n.log');
	server = await startN8nServer({
		n8n,
		env,
		cwd: session.userFolder,
		url: `http://127.0.0.1:${port}`,
		logFile,
		redact: redactor([SIMULATOR_API_KEY]),
	});
	progress.step(`n8n ready in ${server.startSeconds.toFixed(1)}s`);
	// The activation poll (run at once, outside the scheduler) emits the latest 3 and sets the memory.
	await waitForItems(sink, ACTIVATION_ITEMS, WAIT_MS);

	backlogRequestsFrom = sim.requests.length;
	const billedBefore = sim.ledger.billedCalls();
	sim.faults.setRate({ rate: 1, kinds: [{ delayMs: PAGE_DELAY_MS }] });
	sim.clock.advance(BACKLOG * ARRIVAL_EVERY_MS);
	await waitForItems(sink, ACTIVATION_ITEMS + BACKLOG, WAIT_MS);
	// One more scheduled poll: it must find nothing left (a duplicate would show here).
	const pollsSoFar = backlogPolls().length;
	const deadline = Date.now() + 90_000;
	while (backlogPolls().length === pollsSoFar && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 1_000));
	await new Promise((resolve) => setTimeout(resolve, PAGE_DELAY_MS + 3_000));
	billedForBacklog = sim.ledger.billedCalls() - billedBefore;
	progress.step(`backlog polls ${JSON.stringify(backlogPolls())}, billed ${billedForBacklog}`);
}, 15 * 60_000);

afterAll(async () => {
	if (watcher) clearInterval(watcher);
	await server?.stop();
	session?.close();
	await sink?.close();
	await sim?.close();
}, STOP_GRACE_MS + 30_000);

test('a backlog slower than the poll budget: the first poll stops in time, the next ones finish the walk, every comment once', () => {
	const polls = backlogPolls();
	const executions = new Map<string, string[]>();
	for (const item of sink.items.slice(ACTIVATION_ITEMS)) {
		const ids = executions.get(item.executionId) ?? [];
		ids.push(String(item.body.comment_id));
		executions.set(item.executionId, ids);
	}
	const perExecution = [...executions.values()];

	// The first scheduled poll was cut: more than one page, fewer than the walk's 6, within the budget.
	expect(polls[0].pages).toBeGreaterThan(1);
	expect(polls[0].pages).toBeLessThan(Math.ceil(BACKLOG / PAGE_SIZE));
	for (const poll of polls) expect(poll.ms).toBeLessThan(POLL_BUDGET_MS);
	// It emitted what it read (all its pages held new comments), the next poll the rest.
	expect(perExecution.length).toBe(2);
	expect(perExecution[0].length).toBe(polls[0].pages * PAGE_SIZE);
	expect(perExecution[0].length + perExecution[1].length).toBe(BACKLOG);
	// The poll after the walk found nothing: one page, no execution.
	expect(polls.at(-1)!.pages).toBe(1);

	const all = sink.items.map((item) => String(item.body.comment_id));
	expect(new Set(all).size).toBe(all.length);
	expect([...all].sort()).toEqual(newestCommentIds(sim, ACTIVATION_ITEMS + BACKLOG).sort());
	// Within each execution, oldest first: the cut poll's comments are the newest of the backlog.
	const newest = newestCommentIds(sim, BACKLOG);
	expect(perExecution[0]).toEqual(newest.slice(0, perExecution[0].length).reverse());
	expect(perExecution[1]).toEqual(newest.slice(perExecution[0].length).reverse());

	// Every page read was billed once, and nothing else.
	expect(billedForBacklog).toBe(polls.reduce((sum, poll) => sum + poll.pages, 0));

	const log = fs.readFileSync(logFile, 'utf8');
	expect(log).toContain("n8n's poll budget (10000 ms) left no time for another page");
	expect(log).not.toContain('Poll exceeded its timeout and was abandoned');
});
