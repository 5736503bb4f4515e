import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { startForwardProxy, type ForwardProxy } from './forwardProxy';
import {
	ALL_CALLS,
	CALLS,
	NO_PROXY_ENV,
	PACK_CALLS,
	branchesFor,
	branchesWorkflow,
	carriesKey,
	credential,
	outcomeOf,
	proxiedOf,
	proxiedToHost,
	requestsOf,
	servedWithKey,
	type Branch,
	type CallKind,
	type NodeOutcome,
} from './instanceControls';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import { failureReport, runWorkflow, type WorkflowRunResult } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';

/*
 * The instance's outbound controls in a real n8n, for n8n's own HTTP Request node (Predefined
 * Credential Type -> socialGatewayApi) and the pack's three nodes side by side on the same
 * credential, one workflow per control, one parallel branch per call:
 *
 * 1. SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true, default blocked ranges with 127.0.0.0/8):
 *    a credential on http://127.0.0.1:<port> is blocked for every node (the simulator gets no
 *    request carrying the key); one on http://localhost:<port> with N8N_SSRF_ALLOWED_HOSTNAMES=localhost works.
 * 2. Proxy from the environment (HTTP_PROXY/HTTPS_PROXY, NO_PROXY=localhost,127.0.0.1): a service
 *    host that only the test proxy can resolve (gateway.proxied.test) is reached through the proxy
 *    by every node; the host NO_PROXY names (localhost) is reached directly.
 * 3. A 307 and a 302 redirect to another origin: the other server never sees the key.
 * 4. The credential's "Allowed HTTP Request Domains" (allowedHttpRequestDomains=domains,
 *    allowedDomains=127.0.0.1): every node works; the HTTP Request node on a credential listing
 *    another domain is refused (the setting is live).
 *
 * INSTANCE_CONTROLS_PACK=<tarball> tests that tarball instead of building and packing the working
 * tree. Every node's outcome and the request counts are written to
 * test-artifacts/instance-controls/summary.json.
 */

const KEY = SIMULATOR_API_KEY;
const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'instance-controls');
const PROXIED_HOST = 'gateway.proxied.test';
// n8n 2.41.1's `execute` may segfault on shutdown with the default vm expression engine (tools/n8n/README.md).
const BASE_ENV: NodeJS.ProcessEnv = { ...NO_PROXY_ENV, N8N_EXPRESSION_ENGINE: 'legacy' };

let n8n: EnsuredN8n;
let packTarball: string;
const summary: Record<string, unknown> = {};
const started = Date.now();

beforeAll(async () => {
	n8n = await ensureN8n();
	packTarball =
		process.env.INSTANCE_CONTROLS_PACK ?? (await packProject({ build: true, copyFirst: true }));
	summary.pack = path.basename(packTarball);
}, 30 * 60_000);

afterAll(() => {
	summary.totalSeconds = (Date.now() - started) / 1000;
	fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
	fs.writeFileSync(
		path.join(ARTIFACTS_DIR, 'summary.json'),
		`${JSON.stringify(summary, null, 2)}\n`,
	);
});

async function runBranches(
	scenario: string,
	branches: Branch[],
	env: NodeJS.ProcessEnv,
): Promise<WorkflowRunResult> {
	const credentials = [
		...new Map(branches.map((branch) => [branch.credential.id, branch.credential])).values(),
	];
	const runStarted = Date.now();
	const result = await runWorkflow({
		workflow: branchesWorkflow(`Instance controls: ${scenario}`, branches),
		credentials,
		keepNodeCredentials: true,
		packTarball,
		n8n,
		env: { ...BASE_ENV, ...env },
		quiet: true,
	});
	if (!result.ok)
		throw new Error(`the ${scenario} workflow failed as a whole:\n${failureReport(result)}`);
	// The key must not show up in anything n8n stored or printed, whatever each node did.
	expect(JSON.stringify(result.output)).not.toContain(KEY);
	summary[scenario] = {
		seconds: (Date.now() - runStarted) / 1000,
		...(summary[scenario] as object),
	};
	return result;
}

function record(scenario: string, name: string, value: unknown): void {
	const entry = (summary[scenario] ??= {}) as Record<string, unknown>;
	entry[name] = value;
}

const label = (call: CallKind) => CALLS[call].label;
const hostOf = (url: string) => new URL(url).host;

describe('SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true)', () => {
	let sim: Simulator;
	let result: WorkflowRunResult;
	let blockedHost: string;
	let allowedHost: string;
	const outcomes: Record<string, NodeOutcome> = {};

	beforeAll(async () => {
		sim = await startSimulator();
		const port = new URL(sim.url).port;
		const blocked = credential(
			'ssrfBlockedIp001',
			'SSRF: 127.0.0.1',
			`http://127.0.0.1:${port}`,
			KEY,
		);
		const allowed = credential(
			'ssrfAllowedNm001',
			'SSRF: allowed hostname',
			`http://localhost:${port}`,
			KEY,
		);
		blockedHost = hostOf(blocked.data.baseUrl);
		allowedHost = hostOf(allowed.data.baseUrl);
		result = await runBranches(
			'ssrf',
			[...branchesFor('blocked', blocked), ...branchesFor('allowed', allowed)],
			{
				N8N_SSRF_PROTECTION_ENABLED: 'true',
				N8N_SSRF_ALLOWED_HOSTNAMES: 'localhost',
			},
		);
		for (const tag of ['blocked', 'allowed'])
			for (const call of ALL_CALLS)
				outcomes[`${tag} ${call}`] = outcomeOf(result.output, `${tag} ${call}`);
		record('ssrf', 'outcomes', outcomes);
		record(
			'ssrf',
			'simulatorRequestsWithKey',
			Object.fromEntries(
				ALL_CALLS.map((call) => [
					call,
					{
						blocked: requestsOf(sim.requests, call, { host: blockedHost }).filter((r) =>
							carriesKey(r, KEY),
						).length,
						allowed: requestsOf(sim.requests, call, { host: allowedHost }).filter((r) =>
							carriesKey(r, KEY),
						).length,
					},
				]),
			),
		);
	}, 15 * 60_000);

	afterAll(() => sim?.close());

	it("blocks n8n's HTTP Request node at 127.0.0.1 (the baseline)", () => {
		expect(outcomes['blocked httpRequest']).toMatchObject({ ran: true, ok: false });
		expect(requestsOf(sim.requests, 'httpRequest', { host: blockedHost })).toHaveLength(0);
	});

	it.each(PACK_CALLS.map((call) => [label(call), call] as const))(
		'blocks %s at 127.0.0.1: no request with the key, the node fails',
		(_, call) => {
			const reached = requestsOf(sim.requests, call, { host: blockedHost }).filter((request) =>
				carriesKey(request, KEY),
			);
			expect({
				reachedWithKey: reached.length,
				outcome: outcomes[`blocked ${call}`],
			}).toMatchObject({
				reachedWithKey: 0,
				outcome: { ran: true, ok: false, error: expect.any(String) },
			});
		},
	);

	it('lets no request carrying the key reach 127.0.0.1 at all', () => {
		const leaked = sim.requests.filter(
			(request) => request.headers.host === blockedHost && carriesKey(request, KEY),
		);
		expect(leaked.map((request) => `${request.method} ${request.path}`)).toEqual([]);
	});

	it.each(ALL_CALLS.map((call) => [label(call), call] as const))(
		'lets %s through to the allowed hostname localhost',
		(_, call) => {
			expect(outcomes[`allowed ${call}`]).toMatchObject({ ran: true, ok: true });
			expect(
				servedWithKey(requestsOf(sim.requests, call, { host: allowedHost }), KEY).length,
			).toBeGreaterThan(0);
		},
	);
});

describe('proxy from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY)', () => {
	let sim: Simulator;
	let proxy: ForwardProxy;
	let result: WorkflowRunResult;
	let proxiedHost: string;
	let directHost: string;
	const outcomes: Record<string, NodeOutcome> = {};

	beforeAll(async () => {
		sim = await startSimulator();
		const port = new URL(sim.url).port;
		// The proxied service host resolves nowhere but in the proxy: a node that goes direct cannot reach it.
		proxy = await startForwardProxy({ hosts: { [PROXIED_HOST]: `127.0.0.1:${port}` } });
		const viaProxy = credential(
			'proxyViaProxy001',
			'Proxy: via the proxy',
			`http://${PROXIED_HOST}:${port}`,
			KEY,
		);
		const direct = credential(
			'proxyNoProxy0001',
			'Proxy: NO_PROXY host',
			`http://localhost:${port}`,
			KEY,
		);
		proxiedHost = hostOf(viaProxy.data.baseUrl);
		directHost = hostOf(direct.data.baseUrl);
		result = await runBranches(
			'proxy',
			[...branchesFor('proxied', viaProxy), ...branchesFor('direct', direct)],
			{
				HTTP_PROXY: proxy.url,
				HTTPS_PROXY: proxy.url,
				http_proxy: proxy.url,
				https_proxy: proxy.url,
				NO_PROXY: 'localhost,127.0.0.1',
				no_proxy: 'localhost,127.0.0.1',
			},
		);
		for (const tag of ['proxied', 'direct'])
			for (const call of ALL_CALLS)
				outcomes[`${tag} ${call}`] = outcomeOf(result.output, `${tag} ${call}`);
		record('proxy', 'outcomes', outcomes);
		record(
			'proxy',
			'requestsThroughProxy',
			Object.fromEntries(
				ALL_CALLS.map((call) => [
					call,
					{
						proxiedHost: proxiedOf(proxy.requests, call, proxiedHost).length,
						noProxyHost: proxiedOf(proxy.requests, call, directHost).length,
					},
				]),
			),
		);
		record(
			'proxy',
			'simulatorRequestsDirectToNoProxyHost',
			Object.fromEntries(
				ALL_CALLS.map((call) => [
					call,
					requestsOf(sim.requests, call, { host: directHost }).length,
				]),
			),
		);
		record(
			'proxy',
			'proxyTargets',
			proxy.requests.map(
				(request) =>
					`${request.method} ${request.target.split(KEY).join('***')}${request.proxyStatus ? ` -> ${request.proxyStatus}` : ''}`,
			),
		);
	}, 15 * 60_000);

	afterAll(async () => {
		await proxy?.close();
		await sim?.close();
	});

	it("routes n8n's HTTP Request node through the proxy (the baseline)", () => {
		expect(outcomes['proxied httpRequest']).toMatchObject({ ran: true, ok: true });
		expect(proxiedOf(proxy.requests, 'httpRequest', proxiedHost).length).toBeGreaterThan(0);
	});

	it.each(PACK_CALLS.map((call) => [label(call), call] as const))(
		'routes %s through the proxy',
		(_, call) => {
			const through = proxiedOf(proxy.requests, call, proxiedHost);
			expect({
				throughProxy: through.length > 0,
				outcome: outcomes[`proxied ${call}`],
			}).toMatchObject({
				throughProxy: true,
				outcome: { ran: true, ok: true },
			});
			expect(
				servedWithKey(requestsOf(sim.requests, call, { host: proxiedHost }), KEY).length,
			).toBeGreaterThan(0);
		},
	);

	it.each(ALL_CALLS.map((call) => [label(call), call] as const))(
		'sends %s directly to the host NO_PROXY names',
		(_, call) => {
			expect(outcomes[`direct ${call}`]).toMatchObject({ ran: true, ok: true });
			expect(proxiedOf(proxy.requests, call, directHost)).toHaveLength(0);
			expect(
				servedWithKey(requestsOf(sim.requests, call, { host: directHost }), KEY).length,
			).toBeGreaterThan(0);
		},
	);

	it('carries nothing for the NO_PROXY host through the proxy', () => {
		expect(proxiedToHost(proxy.requests, directHost).map((request) => request.target)).toEqual([]);
	});
});

describe('a redirect to another origin never carries the key', () => {
	const STATUSES = [307, 302] as const;
	const sims = new Map<number, Simulator>();
	let other: Simulator;
	let result: WorkflowRunResult;
	const outcomes: Record<string, NodeOutcome> = {};
	const prefix = (status: number) => `/from${status}`;

	beforeAll(async () => {
		other = await startSimulator();
		const branches: Branch[] = [];
		for (const status of STATUSES) {
			const sim = await startSimulator();
			sim.faults.setRate({
				rate: 1,
				kinds: [{ redirect: { to: `${other.url}${prefix(status)}`, status } }],
			});
			sims.set(status, sim);
			branches.push(
				...branchesFor(
					`redirect${status}`,
					credential(`redirect${status}Cred0`, `Redirect ${status}`, sim.url, KEY),
				),
			);
		}
		result = await runBranches('redirect', branches, {});
		for (const status of STATUSES)
			for (const call of ALL_CALLS)
				outcomes[`redirect${status} ${call}`] = outcomeOf(
					result.output,
					`redirect${status} ${call}`,
				);
		record('redirect', 'outcomes', outcomes);
		record(
			'redirect',
			'otherServer',
			Object.fromEntries(
				STATUSES.map((status) => [
					status,
					Object.fromEntries(
						ALL_CALLS.map((call) => {
							const seen = requestsOf(other.requests, call, {
								pathPrefix: prefix(status),
								anyMethod: true,
							});
							return [
								call,
								{
									requests: seen.length,
									withKey: seen.filter((request) => carriesKey(request, KEY)).length,
								},
							];
						}),
					),
				]),
			),
		);
	}, 15 * 60_000);

	afterAll(async () => {
		for (const sim of sims.values()) await sim.close();
		await other?.close();
	});

	for (const status of STATUSES) {
		it.each(ALL_CALLS.map((call) => [label(call), call] as const))(
			`sends %s to the first server, which answers ${status}`,
			(_, call) => {
				const first = requestsOf(sims.get(status)!.requests, call);
				expect(first.length).toBeGreaterThan(0);
				expect(
					first.every(
						(request) => carriesKey(request, KEY) && request.fault === `redirect ${status}`,
					),
				).toBe(true);
			},
		);

		it.each(PACK_CALLS.map((call) => [label(call), call] as const))(
			`keeps the key of %s away from the other origin after a ${status}`,
			(_, call) => {
				const seen = requestsOf(other.requests, call, {
					pathPrefix: prefix(status),
					anyMethod: true,
				});
				expect(
					seen.filter((request) => carriesKey(request, KEY)).map((request) => request.headers),
				).toEqual([]);
				expect(outcomes[`redirect${status} ${call}`].ran).toBe(true);
			},
		);
	}

	it("lets the other origin see no request carrying the key from any of the pack's nodes", () => {
		const fromPack = PACK_CALLS.flatMap((call) =>
			STATUSES.flatMap((status) =>
				requestsOf(other.requests, call, { pathPrefix: prefix(status), anyMethod: true }),
			),
		);
		const leaked = fromPack.filter((request) => carriesKey(request, KEY));
		expect(leaked.map((request) => `${request.method} ${request.path}`)).toEqual([]);
	});
});

describe("the credential's Allowed HTTP Request Domains set to the service's host", () => {
	let sim: Simulator;
	let result: WorkflowRunResult;
	let serviceHost: string;
	const outcomes: Record<string, NodeOutcome> = {};

	beforeAll(async () => {
		sim = await startSimulator();
		const url = new URL(sim.url);
		serviceHost = url.host;
		const restricted = credential('domainsService01', 'Domains: the service', sim.url, KEY, {
			allowedHttpRequestDomains: 'domains',
			allowedDomains: url.hostname,
		});
		// A control: the same service (by another name) on a credential that lists another domain only.
		const elsewhere = credential(
			'domainsElsewher1',
			'Domains: elsewhere',
			`http://localhost:${url.port}`,
			KEY,
			{
				allowedHttpRequestDomains: 'domains',
				allowedDomains: 'api.example.com',
			},
		);
		result = await runBranches(
			'allowedDomains',
			[...branchesFor('service', restricted), ...branchesFor('elsewhere', elsewhere)],
			{},
		);
		for (const tag of ['service', 'elsewhere'])
			for (const call of ALL_CALLS)
				outcomes[`${tag} ${call}`] = outcomeOf(result.output, `${tag} ${call}`);
		record('allowedDomains', 'outcomes', outcomes);
	}, 15 * 60_000);

	afterAll(() => sim?.close());

	it.each(ALL_CALLS.map((call) => [label(call), call] as const))('lets %s work', (_, call) => {
		expect(outcomes[`service ${call}`]).toMatchObject({ ran: true, ok: true });
		expect(
			servedWithKey(requestsOf(sim.requests, call, { host: serviceHost }), KEY).length,
		).toBeGreaterThan(0);
	});

	it("refuses n8n's HTTP Request node on a credential that lists another domain (the setting is live)", () => {
		expect(outcomes['elsewhere httpRequest']).toMatchObject({
			ran: true,
			ok: false,
			error: expect.stringMatching(/Domain not allowed/i),
		});
	});
});
