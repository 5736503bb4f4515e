import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import type { RecordedRequest, Simulator } from '../../simulator';

/**
 * The Social Data Trigger e2e workflow and its receiving end, shared by the single-instance run
 * (`socialDataTrigger.test.ts`) and the queue-mode run (`socialDataTriggerQueue.test.ts`).
 */

export const TRIGGER_NODE = 'New Video Comment';
const EXECUTION_HEADER = 'x-e2e-execution-id';

export interface SinkItem {
	body: Record<string, unknown>;
	/** The id of the n8n execution that posted it. */
	executionId: string;
}

/** A local HTTP server the workflow posts each of its items to, one request per item. */
export interface ItemSink {
	url: string;
	items: SinkItem[];
	close(): Promise<void>;
}

export async function startItemSink(): Promise<ItemSink> {
	const items: SinkItem[] = [];
	const httpServer = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			items.push({
				body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
				executionId: String(request.headers[EXECUTION_HEADER] ?? ''),
			});
			response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
		});
	});
	await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
	const { port } = httpServer.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/items`,
		items,
		close: () => new Promise((resolve) => httpServer.close(() => resolve())),
	};
}

/**
 * Polls every minute (n8n's shortest interval) for new comments of a channel video, the first poll
 * emitting the latest 3; an HTTP Request node posts each item to the sink, naming its execution.
 */
export function triggerWorkflow(
	objectId: string,
	sinkUrl: string,
	name = 'Social Data Trigger e2e',
): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NODE,
				type: 'n8n-nodes-social-gateway.socialDataTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'newVideoComment',
					object_id: objectId,
					options: { firstPoll: 'emitLatest', latestCount: 3 },
				},
			},
			{
				id: 'sink',
				name: 'Post To Sink',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [260, 0],
				parameters: {
					method: 'POST',
					url: sinkUrl,
					sendHeaders: true,
					specifyHeaders: 'keypair',
					headerParameters: {
						parameters: [{ name: EXECUTION_HEADER, value: '={{ $execution.id }}' }],
					},
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
					options: {},
				},
			},
		],
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'Post To Sink', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Waits until the sink holds `count` items, then a little longer: a duplicate would show up in that time. */
export async function waitForItems(
	sink: ItemSink,
	count: number,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (sink.items.length < count) {
		if (Date.now() > deadline)
			throw new Error(`the sink got ${sink.items.length} items, expected ${count}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	// A duplicate would come in the same execution or the next poll: give it a moment to show.
	await new Promise((resolve) => setTimeout(resolve, 3_000));
}

/**
 * Pages each poll read, from the simulator's request log: a poll starts with a first-page request
 * (no `last_buffer`) and each continuation adds a page to it.
 */
export function pagesPerPoll(requests: readonly RecordedRequest[]): number[] {
	const polls: number[] = [];
	for (const request of requests) {
		if (!request.endpoint?.endsWith('/fetch_video_comments') || request.status !== 200) continue;
		const input = (request.input ?? {}) as Record<string, unknown>;
		if (input.last_buffer === undefined || input.last_buffer === '' || polls.length === 0)
			polls.push(1);
		else polls[polls.length - 1] += 1;
	}
	return polls;
}

/**
 * The pages per poll of one step and what they should be: one poll read the pages its new comments
 * needed; n8n's scheduler runs a poll at least once (a restarted instance may run again one whose
 * end it had not recorded), and any other poll found nothing and read one page. In any order.
 */
export function pollsOfStep(
	polls: readonly number[],
	pagesOfNewComments: number,
): { read: number[]; expected: number[] } {
	return {
		read: [...polls].sort((a, b) => b - a),
		expected: [pagesOfNewComments, ...polls.slice(1).map(() => 1)],
	};
}

/** Ids of the video's `count` newest comments at the simulator's present time, newest first. */
export function newestCommentIds(sim: Simulator, count: number): string[] {
	return sim.dataset
		.channelVideoComments(sim.dataset.ids.objectId)
		.slice(0, count)
		.map((comment) => String(comment.comment_id));
}
