import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
// The .js suffix: without it tsx resolves `ModelGateway.node` to the codex file ModelGateway.node.json.
import { ModelGateway } from '../nodes/ModelGateway/ModelGateway.node.js';
import { runNode, simulatorCredentials } from '../tools/harness';
import { startSimulatorProcess } from './support/simulatorProcess';
import { figure, printTable } from './support/table';

const MENTIONS = 600;
const MODEL_LATENCY_MS = 200;
const BATCH_SIZE = 25;
const MODEL_GATEWAY_TYPE = 'n8n-nodes-social-gateway.modelGateway';
const MODEL = { __rl: true, mode: 'id', value: 'gemini-2.5-flash' };

const POSTS = [
	'Love the new acme flavour, great value',
	'acme package arrived broken, terrible service',
	'Saw acme in the shop today',
	'Best acme purchase this year, I recommend it',
	'acme support was slow and useless',
	'acme changed its logo',
];

const mentionItems = (): INodeExecutionData[] =>
	Array.from({ length: MENTIONS }, (_, n) => ({
		json: { id: String(n), text: `${POSTS[n % POSTS.length]} (#${n})` },
	}));

/** The daily report's model work before issue 15: one chat completion per mention, JSON parsed from the text. */
const perMention: INodeParameters = {
	resource: 'chat',
	operation: 'complete',
	modelId: MODEL,
	messages: {
		values: [
			{
				role: 'system',
				content:
					'You classify the sentiment of one social media mention of a brand. Answer with JSON only: {"sentiment": "positive" | "neutral" | "negative", "reason": "<one line>"}.',
			},
			{ role: 'user', content: '={{ $json.text }}' },
		],
	},
	options: { temperature: 0, max_tokens: 120, parseJson: true },
};

/** What the daily report sends now: Classify in Batches at its default batch size. */
const batched: INodeParameters = {
	resource: 'chat',
	operation: 'classify',
	modelId: MODEL,
	text: '={{ $json.text }}',
	labels: 'positive, neutral, negative',
	options: { batchSize: BATCH_SIZE },
};

const summary: INodeParameters = {
	resource: 'chat',
	operation: 'complete',
	modelId: MODEL,
	messages: {
		values: [
			{ role: 'system', content: 'You write the overview of a daily brand-monitoring report.' },
			{ role: 'user', content: '={{ $json.digest }}' },
		],
	},
	options: { temperature: 0.3 },
};

async function runModelGateway(
	url: string,
	parameters: INodeParameters,
	inputItems: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const result = await runNode({
		node: new ModelGateway(),
		type: MODEL_GATEWAY_TYPE,
		parameters,
		credentials: simulatorCredentials(url),
		inputItems,
	});
	const error = result.errorOf();
	if (error) throw new Error(`Model Gateway failed in the bench: ${error.message}`);
	return result.items;
}

/**
 * The model part of a daily report over 600 mentions, the simulator answering every model call after
 * 200 ms (child process): classification then the day's summary, with Classify in Batches (25 a
 * call, 3 calls at once) and with one chat completion per mention (as the example did before),
 * each in n8n's engine. Model calls are counted from the simulator's request log.
 */
export async function benchBatchedClassification(): Promise<Record<string, number>> {
	const sim = await startSimulatorProcess({ latencyMs: MODEL_LATENCY_MS });
	try {
		const report = async (
			classify: INodeParameters,
			labelOf: (json: Record<string, unknown>) => unknown,
		) => {
			await sim.reset();
			const started = performance.now();
			const classified = await runModelGateway(sim.url, classify, mentionItems());
			const labels = classified.map((item) => labelOf(item.json));
			if (labels.length !== MENTIONS || labels.some((label) => typeof label !== 'string'))
				throw new Error('a mention came back without a label');
			await runModelGateway(sim.url, summary, [
				{
					json: {
						digest: classified
							.map((item, n) => `${String(item.json.text)} — ${String(labels[n])}`)
							.join('\n'),
					},
				},
			]);
			const wallMs = performance.now() - started;
			const calls = (await sim.requests()).filter(
				(request) => request.path === '/v1/chat/completions',
			).length;
			return { wallMs, calls };
		};
		const batchedRun = await report(
			batched,
			(json) => (json.classification as { label?: unknown }).label,
		);
		const perMentionRun = await report(
			perMention,
			(json) => (json.parsed as { sentiment?: unknown } | null)?.sentiment,
		);
		console.log(
			`${MENTIONS} mentions, every model call answered after ${MODEL_LATENCY_MS} ms (simulator child process); classification + summary in n8n's engine`,
		);
		printTable(
			['classification', 'model calls', 'wall s', 'bound ceil(n/25)+1'],
			[
				[
					`batched (${BATCH_SIZE} a call)`,
					String(batchedRun.calls),
					(batchedRun.wallMs / 1000).toFixed(1),
					String(Math.ceil(MENTIONS / BATCH_SIZE) + 1),
				],
				[
					'one call per mention',
					String(perMentionRun.calls),
					(perMentionRun.wallMs / 1000).toFixed(1),
					'-',
				],
			],
		);
		console.log(
			`batched: ${(perMentionRun.calls / batchedRun.calls).toFixed(0)}x fewer model calls, ${(perMentionRun.wallMs / batchedRun.wallMs).toFixed(0)}x less wall time`,
		);
		return {
			batched_classification_calls: batchedRun.calls,
			batched_classification_wall_ms: figure(batchedRun.wallMs, 0),
			per_mention_classification_calls: perMentionRun.calls,
			per_mention_classification_wall_ms: figure(perMentionRun.wallMs, 0),
		};
	} finally {
		await sim.close();
	}
}
