import type { INodeParameters } from 'n8n-workflow';
import { planGatewayRun } from '../../nodes/SocialData/pipeline/planGatewayRun';
import { endpointPath, ENDPOINTS, GROUPS } from '../../nodes/SocialData/descriptor';
import { DATA_PATH_PREFIXES } from '../../nodes/shared/transport/wireNames';
import { effectiveTimeoutMs } from '../../nodes/SocialData/pipeline/callTimeout';
import type { Simulator } from '../../simulator';
import { SIMULATOR_API_KEY } from '../../simulator';
import { parametersFor } from '../workflow/socialData/setup';
import { runPackNode } from './support/nodeRuns';
import { secretLeaks } from './support/secretScan';
import { useSimulator } from '../support/useSimulator';

/**
 * The spec: a channel or article call whose client gave up before 30 s may be charged without an
 * answer. Whatever Options › Timeout says, those calls wait at least 30 s; others obey it.
 */

const SPEC_MINIMUM_MS = 30_000;
const MINIMUM_GROUPS = ['channels', 'articles'];
const USER_TIMEOUT_S = 1;
const ANSWER_DELAY_MS = 1_500;

const minimumEndpoints = ENDPOINTS.filter((endpoint) => MINIMUM_GROUPS.includes(endpoint.group));
const otherEndpoints = ENDPOINTS.filter((endpoint) => !MINIMUM_GROUPS.includes(endpoint.group));
const USER_SECONDS = [...Array.from({ length: 30 }, (_, seconds) => seconds), 0.5, 29.9];

let sim: Simulator;
useSimulator((started) => (sim = started));

const runCalls = () => sim.requests.filter((request) => request.path === '/api/v1/run');

async function until(condition: () => boolean, withinMs: number) {
	const deadline = Date.now() + withinMs;
	while (!condition() && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('timeouts: effectiveTimeoutMs', () => {
	it(`channel and article endpoints (${minimumEndpoints.length}) never get less than 30 s, for user values 0..29`, () => {
		expect(minimumEndpoints.length).toBeGreaterThanOrEqual(12);
		const tooShort = minimumEndpoints.flatMap((endpoint) =>
			USER_SECONDS.filter((seconds) => effectiveTimeoutMs(endpoint, seconds) < SPEC_MINIMUM_MS).map(
				(seconds) => `${endpoint.name} at ${seconds} s`,
			),
		);
		expect(tooShort).toEqual([]);
		for (const endpoint of minimumEndpoints) {
			expect(effectiveTimeoutMs(endpoint, 0)).toBe(Math.max(endpoint.timeoutMs, SPEC_MINIMUM_MS));
			expect(effectiveTimeoutMs(endpoint, 45)).toBe(45_000);
		}
	});

	it('paths of those groups the descriptor does not know (Gateway › Run) inherit the minimum', () => {
		for (const group of GROUPS.filter((candidate) => MINIMUM_GROUPS.includes(candidate.key))) {
			for (const prefix of Object.values(DATA_PATH_PREFIXES[group.key])) {
				const { target } = planGatewayRun(`${prefix}some_future_endpoint`, {});
				for (const seconds of USER_SECONDS)
					expect(effectiveTimeoutMs(target, seconds)).toBeGreaterThanOrEqual(SPEC_MINIMUM_MS);
			}
		}
	});

	it('other endpoints take the user value as it is', () => {
		for (const endpoint of otherEndpoints) {
			expect(effectiveTimeoutMs(endpoint, USER_TIMEOUT_S)).toBe(USER_TIMEOUT_S * 1000);
			expect(effectiveTimeoutMs(endpoint, 0)).toBe(endpoint.timeoutMs);
		}
	});
});

describe(`timeouts against the simulator: Timeout = ${USER_TIMEOUT_S} s, answers after ${ANSWER_DELAY_MS / 1000} s`, () => {
	it('every channel and article operation still gets its answer', async () => {
		const valid = parametersFor(sim.dataset.ids);
		for (const endpoint of minimumEndpoints)
			sim.faults.queue({ endpoint: endpoint.name, delayMs: ANSWER_DELAY_MS });
		const started = Date.now();
		const runs = await Promise.all(
			minimumEndpoints.map((endpoint) =>
				runPackNode(sim, 'socialData', {
					resource: endpoint.group,
					operation: endpoint.name,
					...valid[endpoint.name],
					options: { timeout: USER_TIMEOUT_S },
				} as INodeParameters),
			),
		);
		expect(Date.now() - started).toBeGreaterThanOrEqual(ANSWER_DELAY_MS);
		const failures = runs.flatMap((run, index) =>
			run.errorOf() ? [`${minimumEndpoints[index].name}: ${run.errorOf()!.message}`] : [],
		);
		expect(failures).toEqual([]);
		for (const run of runs) {
			expect(run.items.length).toBeGreaterThan(0);
			expect(secretLeaks(run, SIMULATOR_API_KEY)).toEqual([]);
		}
		expect(sim.faults.pending).toHaveLength(0);
		expect(runCalls().map((call) => [call.fault, call.status])).toEqual(
			minimumEndpoints.map(() => ['delay', 200]),
		);
	});

	it('a channel path through Gateway › Run gets its answer too', async () => {
		const channelInfo = minimumEndpoints.find(
			(endpoint) => endpoint.name === 'fetch_channel_info',
		)!;
		sim.faults.queue({ endpoint: channelInfo.name, delayMs: ANSWER_DELAY_MS });
		const run = await runPackNode(sim, 'socialData', {
			resource: 'gateway',
			operation: 'run',
			endpointPath: endpointPath(channelInfo),
			input: JSON.stringify({ username: sim.dataset.ids.finderUsername }),
			options: { timeout: USER_TIMEOUT_S },
		});
		expect(run.errorOf()).toBeUndefined();
		expect(runCalls().map((call) => call.fault)).toEqual(['delay']);
	});

	it('a search call (no minimum) times out after 1 s, is not retried, and may have been billed', async () => {
		sim.faults.queue({ endpoint: 'fetch_search', delayMs: ANSWER_DELAY_MS });
		const started = Date.now();
		const run = await runPackNode(
			sim,
			'socialData',
			{
				resource: 'search',
				operation: 'fetch_search',
				keyword: 'acme',
				returnAll: false,
				limit: 1,
				options: { timeout: USER_TIMEOUT_S },
			},
			{ continueOnFail: true },
		);
		const elapsed = Date.now() - started;
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			endpoint: 'fetch_search',
			status: null,
			error: expect.stringMatching(/^No answer to "Search" within 1 s\. Not retried/),
		});
		expect(elapsed).toBeGreaterThanOrEqual(USER_TIMEOUT_S * 1000);
		expect(elapsed).toBeLessThan(ANSWER_DELAY_MS);
		// The service finished the work after the client left: billed once, never a second time.
		await until(() => sim.ledger.entries.length > 0, 3 * ANSWER_DELAY_MS);
		expect(sim.ledger.billedCalls()).toBe(1);
		expect(runCalls()).toHaveLength(1);
		expect(secretLeaks(run, SIMULATOR_API_KEY)).toEqual([]);
	});
});
