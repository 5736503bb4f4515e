import type { GatewayCall } from '../../nodes/shared/transport/request';
import { callGateway, openGatewayStream } from '../../nodes/shared/transport/request';
import { GatewayError } from '../../nodes/shared/transport/errors';
import {
	backoffDelay,
	DEFAULT_RETRY,
	retryAfterMs,
} from '../../nodes/shared/transport/retryPolicy';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { isQuotaRefusal } from '../../nodes/shared/transport/quotaRefusal';
import { n8nCredentials } from '../../tools/harness/n8nHttp';
import type { Simulator } from '../../simulator';
import { PROVIDER, SIMULATOR_API_KEY, startSimulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started));

const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20 };

const runCall = (overrides: Partial<GatewayCall> = {}): GatewayCall => ({
	credentials: n8nCredentials({ apiKey: SIMULATOR_API_KEY, baseUrl: sim.url }),
	method: 'POST',
	path: '/api/v1/run',
	endpoint: 'fetch_search',
	timeoutMs: 5_000,
	body: {
		provider: PROVIDER,
		endpoint: '/api/v1/wechat_search/v2/fetch_search',
		input: { keyword: 'acme', raw: false },
	},
	retry: FAST_RETRY,
	...overrides,
});

const listModels = (): GatewayCall => ({
	...runCall(),
	method: 'GET',
	path: '/v1/models',
	endpoint: 'v1/models',
	body: undefined,
});

async function failure(call: GatewayCall): Promise<GatewayError> {
	try {
		await callGateway(call);
	} catch (error) {
		expect(error).toBeInstanceOf(GatewayError);
		return error as GatewayError;
	}
	throw new Error('the call succeeded');
}

describe('transport against the simulator', () => {
	it('keeps 64-bit ids of the answer as exact strings', async () => {
		const { body } = await callGateway<{ data: { items: Array<{ docID: unknown }> } }>(runCall());
		const ids = body.data.items.map((item) => item.docID);
		expect(ids.length).toBeGreaterThan(0);
		for (const id of ids) {
			expect(typeof id).toBe('string');
			expect(BigInt(id as string) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
		}
	});

	it('sends each auth scheme the way its interface expects', async () => {
		await callGateway(runCall());
		await callGateway({
			...runCall(),
			method: 'GET',
			path: '/v1beta/models/gemini-2.5-flash:generateContent',
			body: undefined,
		}).catch(() => undefined);
		await callGateway({
			...runCall(),
			path: '/v1/messages',
			body: { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
		});
		const [bearer, query, messages] = sim.requests;
		expect(bearer.headers.authorization).toBe(`Bearer ${SIMULATOR_API_KEY}`);
		expect(query.query.key).toBe(SIMULATOR_API_KEY);
		expect(query.headers.authorization).toBeUndefined();
		expect(messages.headers['x-api-key']).toBe(SIMULATOR_API_KEY);
		expect(messages.headers['anthropic-version']).toBe('2023-06-01');
		expect(messages.headers.authorization).toBeUndefined();
	});

	it('retries 429 (honouring Retry-After) on a billed call, and 503 on an unbilled read, then answers', async () => {
		sim.faults.queue({ status: 429, retryAfterSeconds: 0 }, { status: 429 });
		const answer = await callGateway(runCall());
		expect(answer.retries).toBe(2);
		expect(sim.requests).toHaveLength(3);
		expect(sim.ledger.billedCalls()).toBe(1);
		sim.reset();
		sim.faults.queue({ status: 503 });
		const listing = await callGateway(listModels());
		expect(listing.retries).toBe(1);
		expect(sim.requests).toHaveLength(2);
	});

	it('gives up after the retry bound with the service status', async () => {
		sim.faults.queue(...Array.from({ length: 6 }, () => ({ status: 502 as const })));
		const error = await failure(listModels());
		expect(error.details).toMatchObject({ kind: 'http', status: 502 });
		expect(sim.requests).toHaveLength(DEFAULT_RETRY.maxRetries + 1);
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	it('does not wait for a Retry-After beyond its bound', async () => {
		sim.faults.queue({ status: 429, retryAfterSeconds: 3600 });
		const error = await failure(runCall());
		expect(error.status).toBe(429);
		expect(sim.requests).toHaveLength(1);
	});

	it('never retries a timed-out call (it may have been billed)', async () => {
		sim.faults.queue({ delayMs: 400 });
		const error = await failure(runCall({ timeoutMs: 100 }));
		expect(error.details).toMatchObject({ kind: 'timeout', mayHaveBilled: true });
		expect(error.message).toMatch(/Not retried/);
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(sim.requests).toHaveLength(1);
	});

	it('never retries a connection reset after the request was sent', async () => {
		sim.faults.queue({ reset: true });
		const error = await failure(runCall());
		expect(error.details.kind).toBe('network');
		expect(sim.requests).toHaveLength(1);
	});

	it('retries a connection refused before the request was sent', async () => {
		// A simulator of its own, stopped and started again on the same port while the call retries.
		const stopped = await startSimulator();
		const port = Number(new URL(stopped.url).port);
		await stopped.close();
		const pending = callGateway(
			runCall({
				credentials: n8nCredentials({ apiKey: SIMULATOR_API_KEY, baseUrl: stopped.url }),
				retry: { baseDelayMs: 150, maxDelayMs: 300 },
			}),
		);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const restarted = await startSimulator({ port });
		try {
			const answer = await pending;
			expect(answer.retries).toBeGreaterThan(0);
			expect(restarted.requests).toHaveLength(1);
		} finally {
			await restarted.close();
		}
	});

	it('turns a truncated body and an HTML page into clear errors', async () => {
		sim.faults.queue({ truncate: true });
		const truncated = await failure(runCall());
		expect(truncated.details.kind).toBe('invalid-response');
		expect(truncated.message).toMatch(/cut off before it was complete/);
		sim.faults.queue({ html: true }, { html: true }, { html: true }, { html: true });
		const html = await failure(runCall());
		expect(html.message).toMatch(/HTML/);
	});

	it('maps a rejection to status, endpoint and the service message', async () => {
		const error = await failure(
			runCall({
				body: {
					provider: PROVIDER,
					endpoint: '/api/v1/wechat_search/v2/fetch_search',
					input: { keyword: 'a', business_type: 'people' },
				},
			}),
		);
		expect(error.details).toMatchObject({ kind: 'http', status: 422, endpoint: 'fetch_search' });
		expect(error.details.serviceMessage).toBeTruthy();
	});

	describe('a used-up balance or quota is named, with where to fix it, and never retried', () => {
		const USED_UP =
			/^The service refused .+: the key's credit balance or quota is used up \(HTTP 40[23]: .+\)\. Top up or raise the key's quota in your provider's console$/;

		it.each([
			['a data call (402)', () => runCall(), 402],
			[
				'a chat completion (403, code pre_consume_token_quota_failed)',
				() => ({
					...runCall(),
					path: '/v1/chat/completions',
					endpoint: 'chat/completions',
					body: { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] },
				}),
				403,
			],
			[
				'a message (403, no code: the message says it)',
				() => ({
					...runCall(),
					path: '/v1/messages',
					endpoint: 'messages',
					body: { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
				}),
				403,
			],
		] as const)('%s', async (_, call, status) => {
			sim.faults.setRate({ rate: 1, kinds: ['quota'] });
			const error = await failure(call());
			expect(error.message).toMatch(USED_UP);
			expect(error.details).toMatchObject({ kind: 'http', status, quotaRefused: true });
			expect(error.details.mayHaveBilled).toBe(false);
			expect(sim.requests).toHaveLength(1);
			expect(sim.ledger.billedCalls()).toBe(0);
		});

		it("does not retry OpenAI's insufficient_quota, though it comes as a 429", async () => {
			let calls = 0;
			const openAi: Server = createServer((_request, response) => {
				calls++;
				response.writeHead(429, { 'content-type': 'application/json' });
				response.end(
					JSON.stringify({
						error: {
							message:
								'You exceeded your current quota, please check your plan and billing details.',
							type: 'insufficient_quota',
							param: null,
							code: 'insufficient_quota',
						},
					}),
				);
			});
			await new Promise<void>((resolve) => openAi.listen(0, '127.0.0.1', resolve));
			try {
				const { port } = openAi.address() as AddressInfo;
				const error = await failure({
					...listModels(),
					credentials: n8nCredentials({
						apiKey: SIMULATOR_API_KEY,
						baseUrl: `http://127.0.0.1:${port}`,
					}),
				});
				expect(error.details).toMatchObject({ status: 429, quotaRefused: true });
				expect(error.message).toContain('You exceeded your current quota');
				expect(calls).toBe(1);
			} finally {
				await new Promise((resolve) => openAi.close(resolve));
			}
		});

		it('tells a used-up quota from a rate limit and from other refusals', () => {
			const refused = (status: number, body: unknown, message?: string) =>
				isQuotaRefusal(status, body, message);
			expect(refused(402, undefined)).toBe(true);
			expect(
				refused(
					403,
					{ error: { code: 'insufficient_user_quota' } },
					'用户额度不足, 剩余额度: ＄0.000000',
				),
			).toBe(true);
			expect(refused(401, { error: { message: '该令牌额度已用尽' } }, '该令牌额度已用尽')).toBe(
				true,
			);
			// Rate limits that speak of a quota are limits, retried as such.
			expect(
				refused(
					429,
					{ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } },
					"Quota exceeded for quota metric 'Generate Content API requests per minute'",
				),
			).toBe(false);
			expect(refused(403, { error: { code: 'access_denied' } }, 'Forbidden')).toBe(false);
			expect(refused(500, undefined, 'insufficient balance')).toBe(false);
		});
	});

	it('redacts the key the service echoes in a 401', async () => {
		const key = 'sk-echoed-secret-123456';
		const error = await failure(
			runCall({ credentials: n8nCredentials({ apiKey: key, baseUrl: sim.url }) }),
		);
		expect(error.status).toBe(401);
		expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(key);
		expect(error.message).toContain('***');
	});

	it.each([204, 200] as const)(
		'takes a DELETE answered %s with no body as success without a body',
		async (empty) => {
			const path = '/v1/private-avatar/groups/7340000000000000001';
			sim.faults.queue({ endpoint: path, wire: { empty } });
			const answer = await callGateway({
				...runCall(),
				method: 'DELETE',
				path,
				endpoint: `DELETE ${path}`,
				body: undefined,
			});
			expect(answer).toMatchObject({ status: empty, body: undefined });
		},
	);

	it('still refuses an empty answer to a POST (it may have been billed)', async () => {
		sim.faults.queue({ endpoint: 'fetch_search', wire: { empty: 200 } });
		const error = await failure(runCall());
		expect(error.message).toMatch(/empty body/);
		expect(error.details.mayHaveBilled).toBe(true);
	});

	it('opens a stream and leaves its body to the caller', async () => {
		const answer = await openGatewayStream({
			...runCall(),
			path: '/v1/chat/completions',
			endpoint: 'chat',
			body: {
				model: 'gemini-2.5-flash',
				stream: true,
				messages: [{ role: 'user', content: 'hi' }],
			},
		});
		const body = await text(answer.body);
		expect(body).toMatch(/data: /);
	});
});

describe('retry policy', () => {
	it('backs off exponentially with jitter and a cap', () => {
		const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 };
		expect(backoffDelay(0, options, () => 0)).toBe(50);
		expect(backoffDelay(0, options, () => 1)).toBe(100);
		expect(backoffDelay(3, options, () => 1)).toBe(800);
		expect(backoffDelay(10, options, () => 1)).toBe(1_000);
	});

	it('reads Retry-After as seconds or a date', () => {
		expect(retryAfterMs('2')).toBe(2_000);
		expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
		expect(retryAfterMs(undefined)).toBeUndefined();
	});
});
