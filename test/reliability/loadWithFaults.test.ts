import type { INodeExecutionData } from 'n8n-workflow';
import { DEFAULT_RETRY } from '../../nodes/shared/transport/retryPolicy';
import type { Fault, RecordedRequest, Simulator } from '../../simulator';
import { SIMULATOR_API_KEY } from '../../simulator';
import { mulberry32 } from '../../simulator/dataset/random';
import { pairedIndex, runPackNode } from './support/nodeRuns';
import { secretLeaks } from './support/secretScan';
import { useSimulator } from '../support/useSimulator';

/**
 * 1,000 items through Social Data at concurrency 8 while 5% of the answers are faults. The fault
 * stream is seeded; which item meets which fault depends on the order requests arrive in, so every
 * assertion is an exact per-item relation between the output and the simulator's request log.
 */

const ITEMS = 1000;
const CONCURRENCY = 8;
const LATENCY_MS = 30;
const SLOW_ANSWER_MS = 400;
const SEED = 20250607;
const FAULT_KINDS: Fault[] = [
	{ status: 429, retryAfterSeconds: 0 },
	{ status: 429, retryAfterSeconds: 1 },
	{ status: 503 },
	{ reset: true },
	{ truncate: true },
	{ delayMs: SLOW_ANSWER_MS },
];
const RETRIED_FAULTS = new Set(['429', '503']);
const USER_IDS = Array.from(
	{ length: ITEMS },
	(_, index) => `5f${index.toString(16).padStart(22, '0')}`,
);

type Outcome = 'record' | 'reset' | 'truncate' | '429' | '503' | 'other';

let sim: Simulator;
useSimulator(
	(started) => {
		sim = started;
		// The transport's backoff jitter is the run's only other random choice.
		jest.spyOn(Math, 'random').mockImplementation(mulberry32(SEED));
	},
	{ latencyMs: LATENCY_MS, reset: 'never' },
);
afterAll(() => jest.restoreAllMocks());

const isClean = (call: RecordedRequest) =>
	call.status === 200 && (call.fault === undefined || call.fault === 'delay');

/** What the request log says an item must have become: its last call decides. */
function expectedOutcome(calls: RecordedRequest[]): Outcome {
	const last = calls[calls.length - 1];
	if (isClean(last)) return 'record';
	return (last.fault ?? 'other') as Outcome;
}

/** What the node made of an item: a record of the right user, or an error item naming its cause. */
function observedOutcome(item: INodeExecutionData, userId: string): Outcome {
	const json = item.json as {
		error?: string;
		endpoint?: string;
		status?: number;
		data?: { userid?: string };
	};
	if (json.error === undefined) return json.data?.userid === userId ? 'record' : 'other';
	if (json.endpoint !== 'get_user_info') return 'other';
	// Messages name the operation as the editor shows it; the endpoint field keeps the wire name.
	if (/^The answer to "Get user info" was cut off/.test(json.error)) return 'truncate';
	if (/^The connection for "Get user info" failed/.test(json.error)) return 'reset';
	if (json.status === 429 || json.status === 503) return String(json.status) as Outcome;
	return 'other';
}

describe('load with faults', () => {
	it(`${ITEMS} items at concurrency ${CONCURRENCY} with 5% faults: each item once, billed = successful, at most 8 calls open at once`, async () => {
		sim.faults.setRate({ rate: 0.05, kinds: FAULT_KINDS, seed: SEED, endpoint: 'get_user_info' });
		const started = performance.now();
		const run = await runPackNode(
			sim,
			'socialData',
			{
				resource: 'notes',
				operation: 'get_user_info',
				user_id: '={{ $json.userId }}',
				share_text: '',
				options: { concurrency: CONCURRENCY },
			},
			{ continueOnFail: true, inputItems: USER_IDS.map((userId) => ({ json: { userId } })) },
		);
		const elapsedMs = performance.now() - started;
		expect(run.errorOf()).toBeUndefined();

		// Every input item comes out exactly once, in input order.
		expect(run.items.map(pairedIndex)).toEqual(USER_IDS.map((_, index) => index));

		const calls = sim.requests.filter((request) => request.path === '/api/v1/run');
		const callsOf = new Map<string, RecordedRequest[]>(USER_IDS.map((userId) => [userId, []]));
		for (const call of calls) callsOf.get((call.input as { user_id: string }).user_id)!.push(call);

		// Only faults that cannot have been billed are retried; anything after a reset, a cut-off answer or a success would be a second charge.
		for (const own of callsOf.values()) {
			expect(own.length).toBeGreaterThanOrEqual(1);
			expect(own.length).toBeLessThanOrEqual(1 + DEFAULT_RETRY.maxRetries);
			expect(own.slice(0, -1).filter((call) => !RETRIED_FAULTS.has(call.fault ?? ''))).toEqual([]);
			expect(own.filter(isClean).length).toBeLessThanOrEqual(1);
		}

		// The item's outcome is exactly what its last call was: a record of that user, or an error item with that cause.
		const expected = USER_IDS.map((userId) => expectedOutcome(callsOf.get(userId)!));
		const observed = run.items.map((item, index) => observedOutcome(item, USER_IDS[index]));
		expect(observed).toEqual(expected);

		const successes = observed.filter((outcome) => outcome === 'record').length;
		expect(calls.filter(isClean)).toHaveLength(successes);
		expect(sim.ledger.billedCalls()).toBe(successes);
		expect(sim.ledger.credits()).toBeCloseTo(successes * 0.1, 6);
		expect(
			sim.ledger.entries.filter((entry) => entry.credits === 0).map((entry) => entry.fault),
		).toEqual(calls.filter((call) => call.fault === 'truncate').map(() => 'truncate'));

		// The seeded stream produced every kind of fault, so each path above was taken.
		const faultCounts: Record<string, number> = {};
		for (const call of calls)
			if (call.fault) faultCounts[call.fault] = (faultCounts[call.fault] ?? 0) + 1;
		expect(Object.keys(faultCounts).sort()).toEqual(['429', '503', 'delay', 'reset', 'truncate']);
		// Every 429/503 was followed by a retry, except where an item had used up its retries.
		const gaveUp = observed.filter((outcome) => outcome === '429' || outcome === '503').length;
		expect(calls.length - ITEMS).toBe(faultCounts['429'] + faultCounts['503'] - gaveUp);

		// Concurrency as the service saw it: never more than 8 calls open at once, and 8 reached
		// (a run that kept fewer open would only be slower, which no clock on a busy machine can tell).
		const open = calls.map((call) => call.inFlight);
		expect(Math.max(...open)).toBe(CONCURRENCY);
		// From the configured latencies: at most 8 calls at once can't beat this.
		const lowerMs = (calls.length * LATENCY_MS) / CONCURRENCY;
		expect(elapsedMs).toBeGreaterThanOrEqual(lowerMs);

		expect(secretLeaks(run, SIMULATOR_API_KEY)).toEqual([]);
		console.info(
			`load: ${ITEMS} items, ${calls.length} calls, faults ${JSON.stringify(faultCounts)}, ${successes} records, ` +
				`${ITEMS - successes} error items, ${sim.ledger.billedCalls()} billed; ${Math.round(elapsedMs)} ms (at least ${Math.round(lowerMs)} ms), at most ${Math.max(...open)} calls open at once`,
		);
	}, 120_000);
});
