import { request } from 'undici';
import { PROVIDER, SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import {
	DATA_PATH_PREFIXES,
	MESSAGES_VERSION_HEADER,
	type InterfaceNames,
} from '../../nodes/shared/transport/wireNames';
import { useSimulator } from '../support/useSimulator';

// The simulator speaks one vocabulary: the real service's names by default, the interface
// document's neutral words when asked. A request in the other one gets what a real gateway answers
// for an unknown endpoint, model or a missing header, and nothing is billed.

const OTHER: Record<InterfaceNames, InterfaceNames> = { upstream: 'neutral', neutral: 'upstream' };
const MODELS: Record<InterfaceNames, { text: string; embedding: string; prediction: string }> = {
	upstream: {
		text: 'gemini-2.5-flash',
		embedding: 'gemini-embedding-001',
		prediction: 'imagen-4.0-generate-001',
	},
	neutral: {
		text: 'gm-2.5-flash',
		embedding: 'gm-embedding-001',
		prediction: 'img-4.0-generate-001',
	},
};

async function call(
	sim: Simulator,
	path: string,
	headers: Record<string, string>,
	body?: unknown,
): Promise<{ status: number; body: any }> {
	const res = await request(sim.url + path, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.body.text();
	return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}

const bearer = { authorization: `Bearer ${SIMULATOR_API_KEY}` };

const runData = (sim: Simulator, names: InterfaceNames) =>
	call(sim, '/api/v1/run', bearer, {
		provider: PROVIDER,
		endpoint: `${DATA_PATH_PREFIXES.shortVideo[names]}fetch_one_video`,
		input: { aweme_id: sim.dataset.ids.awemeId },
	});

const messages = (sim: Simulator, names: InterfaceNames, model: string) =>
	call(
		sim,
		'/v1/messages',
		{ 'x-api-key': SIMULATOR_API_KEY, [MESSAGES_VERSION_HEADER[names]]: '2023-06-01' },
		{ model, max_tokens: 50, messages: [{ role: 'user', content: 'Hello' }] },
	);

describe.each<InterfaceNames>(['upstream', 'neutral'])('a simulator speaking %s names', (names) => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), { interfaceNames: names });
	const other = OTHER[names];

	it('answers every data group under its own prefixes and bills the call', async () => {
		const answer = await runData(sim, names);
		expect(answer.status).toBe(200);
		expect(sim.ledger.billedCalls()).toBe(1);
	});

	it('refuses the other vocabulary’s data path as an unknown endpoint, unbilled', async () => {
		const answer = await runData(sim, other);
		expect(answer.status).toBe(404);
		expect(answer.body.message).toMatch(/Unknown endpoint/);
		expect(sim.ledger.billedCalls()).toBe(0);
		expect(sim.ledger.credits()).toBe(0);
	});

	it('takes the run envelope’s provider tikhub, and refuses the spec’s placeholder', async () => {
		expect(PROVIDER).toBe('tikhub');
		const answer = await call(sim, '/api/v1/run', bearer, {
			provider: '<PROVIDER>',
			endpoint: `${DATA_PATH_PREFIXES.shortVideo[names]}fetch_one_video`,
			input: { aweme_id: sim.dataset.ids.awemeId },
		});
		expect(answer.status).toBe(400);
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	it('wants its own messages version header and refuses the other one', async () => {
		expect((await messages(sim, names, MODELS[names].text)).status).toBe(200);
		const refused = await messages(sim, other, MODELS[names].text);
		expect(refused.status).toBe(400);
		expect(JSON.stringify(refused.body)).toContain(`${MESSAGES_VERSION_HEADER[names]} header`);
	});

	it('lists and serves only its own model ids', async () => {
		const listed = await call(sim, '/v1/models', bearer);
		const ids: string[] = listed.body.data.map((model: { id: string }) => model.id);
		expect(ids).toEqual(expect.arrayContaining(Object.values(MODELS[names])));
		for (const id of Object.values(MODELS[other])) expect(ids).not.toContain(id);

		const embed = (model: string) =>
			call(
				sim,
				`/v1beta/models/${model}:embedContent?key=${SIMULATOR_API_KEY}`,
				{},
				{
					content: { parts: [{ text: 'hello' }] },
				},
			);
		expect((await embed(MODELS[names].embedding)).status).toBe(200);
		expect((await embed(MODELS[other].embedding)).status).toBe(404);
	});

	it('answers a chat or messages call naming the other vocabulary’s model as an unknown model', async () => {
		const chat = await call(sim, '/v1/chat/completions', bearer, {
			model: MODELS[other].text,
			messages: [{ role: 'user', content: 'Hello' }],
		});
		expect(chat.status).toBe(404);
		expect(chat.body.error.code).toBe('model_not_found');
		expect((await messages(sim, names, MODELS[other].text)).status).toBe(404);
	});
});
