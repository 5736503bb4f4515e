import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../simulator';
import { model, runModelGateway } from './modelGateway/setup';
import { parametersFor, runSocialData } from './socialData/setup';
import { useSimulator } from '../support/useSimulator';

/**
 * What the transport does with answers the user may have paid for, through the nodes in n8n's
 * engine against the simulator's wire faults: nothing billed twice, nothing paid for thrown away,
 * every read bounded in size and time.
 */

let sim: Simulator;
useSimulator((started) => (sim = started));

const search = (): INodeParameters => ({
	resource: 'search',
	operation: 'fetch_search',
	...parametersFor(sim.dataset.ids).fetch_search,
});
const conversation = (content: string) => ({ values: [{ role: 'user', content }] });
const chatStream = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'chat',
	operation: 'complete',
	modelId: model('gemini-2.5-flash'),
	messages: conversation('Tell me about otters'),
	options: { stream: true },
	...extra,
});

describe('billing: a 5xx that does not prove the work was not done is not retried', () => {
	it.each([502, 503, 504] as const)(
		'a %s answered after the gateway billed the call fails once, saying it may have been billed',
		async (status) => {
			sim.faults.queue({ endpoint: 'fetch_search', status, afterWork: true });
			const { error } = await runSocialData(sim, search());
			expect(error?.message).toMatch(new RegExp(`HTTP ${status}.*may have billed`));
			expect(sim.requests).toHaveLength(1);
			expect(sim.ledger.billedCalls()).toBe(1);
		},
	);
});

describe('answers the user paid for are not discarded', () => {
	it('reads a JSON answer that starts with a UTF-8 byte order mark', async () => {
		sim.faults.queue({ endpoint: 'fetch_search', wire: { bom: true } });
		const { items, error } = await runSocialData(sim, search());
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
	});

	it.each(['gzip', 'deflate', 'br'] as const)(
		'decodes a %s-encoded answer',
		async (contentEncoding) => {
			sim.faults.queue({ endpoint: 'fetch_search', wire: { contentEncoding } });
			const { items, error } = await runSocialData(sim, search());
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			expect(sim.requests[0].headers['accept-encoding']).toMatch(/gzip/);
		},
	);

	it('reads valid JSON labelled text/html as JSON', async () => {
		sim.faults.queue({
			endpoint: 'fetch_search',
			wire: { contentType: 'text/html; charset=utf-8' },
		});
		const { items, error } = await runSocialData(sim, search());
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
	});
});

describe('bounded time and memory', () => {
	it('stops reading an endless answer at the size cap and says the call may have been billed', async () => {
		sim.faults.queue({ endpoint: 'fetch_search', wire: { endless: true } });
		const { error } = await runSocialData(sim, search());
		expect(error?.message).toMatch(/larger than 64 MB.*may have billed/);
	}, 30_000);

	it('refuses an answer whose announced length passes the cap without reading it', async () => {
		sim.faults.queue({
			endpoint: 'fetch_search',
			wire: { announceLength: 600 * 1024 * 1024, endless: true },
		});
		const started = Date.now();
		const { error } = await runSocialData(sim, search());
		expect(error?.message).toMatch(/larger than 64 MB and was not read.*may have billed/);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	it('takes the model answer limit from Options › Max Answer Size', async () => {
		const generate = (options: INodeParameters): INodeParameters => ({
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			messages: { values: [{ role: 'user', text: 'Hello' }] },
			options,
		});
		sim.faults.queue({
			endpoint: '/v1beta/models/gemini-2.5-flash:generateContent',
			wire: { endless: true },
		});
		const small = await runModelGateway(sim, generate({ maxAnswerSizeMb: 1 }));
		expect(small.error?.message).toMatch(/larger than 1 MB.*may have billed/);
		sim.faults.queue({
			endpoint: '/v1beta/models/gemini-2.5-flash:generateContent',
			wire: { announceLength: 100 * 1024 * 1024 },
		});
		const large = await runModelGateway(sim, generate({}));
		expect(large.error?.message).toMatch(/larger than 64 MB and was not read/);
	}, 30_000);

	it('gives up on an error body that never ends, with the status', async () => {
		sim.faults.queue({
			endpoint: 'v1/chat/completions',
			status: 500,
			wire: { endless: true, trickleMs: 20 },
		});
		const { error } = await runModelGateway(sim, chatStream());
		expect(error?.message).toMatch(/HTTP 500/);
	}, 30_000);

	it('fails a stream whose line never ends instead of growing without bound', async () => {
		sim.faults.queue({ endpoint: 'v1/chat/completions', wire: { sseEndlessLine: true } });
		const { error } = await runModelGateway(sim, chatStream());
		expect(error?.message).toMatch(
			/not an event stream: A line of the event stream is longer than/,
		);
	}, 30_000);

	it.each([
		['chat completions after data: [DONE]', 'v1/chat/completions', chatStream()],
		[
			'messages after message_stop',
			'v1/messages',
			{
				resource: 'message',
				operation: 'create',
				modelId: model('gemini-2.5-flash'),
				messages: conversation('Hello'),
				max_tokens: 100,
				options: { stream: true },
			},
		],
		[
			'native generate-content after the final chunk',
			'/v1beta/models/gemini-2.5-flash:streamGenerateContent',
			{
				resource: 'text',
				operation: 'stream',
				modelId: model('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', text: 'Hello' }] },
			},
		],
	] as Array<[string, string, INodeParameters]>)(
		'ends a stream at the protocol end marker: %s, though the server keeps the connection open',
		async (_, endpoint, parameters) => {
			sim.faults.queue({ endpoint, wire: { keepOpen: true } });
			const started = Date.now();
			const { items, error } = await runModelGateway(sim, parameters);
			expect(error).toBeUndefined();
			expect(String(items[0].json.text).length).toBeGreaterThan(0);
			expect(Date.now() - started).toBeLessThan(10_000);
		},
		30_000,
	);

	it('tolerates keep-alive comments and empty data lines between events', async () => {
		const plain = await runModelGateway(sim, chatStream());
		sim.faults.queue({ endpoint: 'v1/chat/completions', wire: { sseNoise: true } });
		const { items, error } = await runModelGateway(sim, chatStream());
		expect(error).toBeUndefined();
		expect(items[0].json.text).toBe(plain.items[0].json.text);
		expect(items[0].json.chunkCount).toBe(plain.items[0].json.chunkCount);
	});
});

describe('secrets: the key is redacted in every encoding a service may echo', () => {
	const key = "sk a+b/c=d~e!f'g(h)i-0123";
	const encodings = {
		plain: key,
		encodeURIComponent: encodeURIComponent(key),
		'lower-case percent-encoding': encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (hex) =>
			hex.toLowerCase(),
		),
		'form encoding': new URLSearchParams({ key }).toString().slice('key='.length),
		'RFC 3986': encodeURIComponent(key).replace(
			/[!'()*]/g,
			(character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
		),
		base64: Buffer.from(key).toString('base64'),
		base64url: Buffer.from(key).toString('base64url'),
	};

	it.each([
		[
			'the native interface (?key=)',
			{
				resource: 'text',
				operation: 'generate',
				modelId: model('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', text: 'Hi' }] },
			},
		],
		[
			'chat completions (Bearer)',
			{
				resource: 'chat',
				operation: 'complete',
				modelId: model('gemini-2.5-flash'),
				messages: conversation('Hi'),
			},
		],
	] as Array<[string, INodeParameters]>)('in the error of %s', async (_, parameters) => {
		const { items, error } = await runModelGateway(sim, parameters, {
			apiKey: key,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const output = JSON.stringify(items);
		expect(output).toMatch(/Invalid API key: \*\*\*/);
		for (const [name, form] of Object.entries(encodings)) {
			expect({ name, leaked: output.includes(form) }).toEqual({ name, leaked: false });
		}
	});
});
