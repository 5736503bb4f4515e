import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { model, runModelGateway, useSimulator } from './setup';

// A service that echoes the caller's API key inside a successful streamed answer (the simulator's
// `echo-key` model answer fault): the key as sent, percent-encoded, base64 and base64url, cut into
// pieces of 5 characters over the answer's events. No form may reach the node's output: not the
// assembled text, not the raw chunks, not even joined from their pieces.

let sim: Simulator;
useSimulator((started) => (sim = started));

const keyBytes = Buffer.from(SIMULATOR_API_KEY, 'utf8');
const percentEncoded = [...keyBytes]
	.map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
	.join('');
const KEY_FORMS = [
	SIMULATOR_API_KEY,
	percentEncoded,
	percentEncoded.toUpperCase(),
	keyBytes.toString('base64'),
	keyBytes.toString('base64url'),
];
const ECHO_REDACTED = 'Your key is ***, encoded ***, base64 ***, base64url ***. ';

/** The strings of every event's piece fields, joined in order: what a reader of the raw chunks could put together. */
function joinedPieces(chunks: unknown[]): string {
	const pieces: string[] = [];
	const visit = (value: unknown) => {
		if (Array.isArray(value)) value.forEach(visit);
		else if (value && typeof value === 'object')
			for (const [key, entry] of Object.entries(value)) {
				if (typeof entry === 'string' && ['content', 'text'].includes(key)) pieces.push(entry);
				else visit(entry);
			}
	};
	visit(chunks);
	return pieces.join('');
}

const STREAMS: Array<[string, string, INodeParameters]> = [
	[
		'chat completions',
		'/v1/chat/completions',
		{
			resource: 'chat',
			operation: 'complete',
			modelId: model('gemini-2.5-flash'),
			messages: { values: [{ role: 'user', content: 'Tell me about the weather in three words' }] },
			options: { stream: true, keepRawChunks: true },
		},
	],
	[
		'messages',
		'/v1/messages',
		{
			resource: 'message',
			operation: 'create',
			modelId: model('gemini-2.5-flash'),
			messages: { values: [{ role: 'user', content: 'Tell me about the weather in three words' }] },
			max_tokens: 200,
			options: { stream: true, keepRawChunks: true },
		},
	],
	[
		'native text stream',
		'/v1beta/models/gemini-2.5-flash:streamGenerateContent',
		{
			resource: 'text',
			operation: 'stream',
			modelId: model('gemini-2.5-flash'),
			messages: { values: [{ role: 'user', text: 'Tell me about the weather in three words' }] },
			options: { keepRawChunks: true },
		},
	],
	[
		'native call of streamGenerateContent',
		'/v1beta/models/gemini-2.5-pro:streamGenerateContent',
		{
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-pro'),
			action: 'streamGenerateContent',
			body: '{"contents":[{"parts":[{"text":"Tell me about the weather in three words"}]}]}',
			options: { keepRawChunks: true },
		},
	],
];

describe.each(STREAMS)(
	'Model Gateway › %s: a key echoed in the stream',
	(_name, path, parameters) => {
		it('is redacted from the text and from the raw chunks, also where it is cut over several events', async () => {
			const plain = await runModelGateway(sim, parameters);
			expect(plain.error).toBeUndefined();

			sim.faults.queue({ endpoint: path, modelAnswer: 'echo-key' });
			const { items, error } = await runModelGateway(sim, parameters);
			expect(error).toBeUndefined();
			expect(sim.faults.pending).toHaveLength(0);
			const json = items[0].json;
			// The service did echo it (the mask stands where each form was), and the answer is otherwise whole.
			expect(json.text).toBe(ECHO_REDACTED + String(plain.items[0].json.text));
			const chunks = json.chunks as unknown[];
			expect(chunks.length).toBeGreaterThan(3);
			const joined = joinedPieces(chunks);
			expect(joined).toContain(ECHO_REDACTED);
			const output = JSON.stringify(json);
			for (const form of KEY_FORMS) {
				expect(output).not.toContain(form);
				expect(joined).not.toContain(form);
			}
		});
	},
);

test('the simulator cuts the echo over events: no one event of the stream holds the whole key', async () => {
	sim.faults.queue({ endpoint: '/v1/chat/completions', modelAnswer: 'echo-key' });
	const response = await fetch(`${sim.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${SIMULATOR_API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			model: 'gemini-2.5-flash',
			stream: true,
			messages: [{ role: 'user', content: 'Tell me about the weather in three words' }],
		}),
	});
	const events = (await response.text())
		.split('\n\n')
		.filter((event) => event.startsWith('data: {'));
	const deltas = events.map(
		(event) =>
			(
				JSON.parse(event.slice('data: '.length)) as {
					choices: Array<{ delta?: { content?: string } }>;
				}
			).choices[0]?.delta?.content ?? '',
	);
	expect(deltas.join('')).toContain(`Your key is ${SIMULATOR_API_KEY}, encoded ${percentEncoded}`);
	for (const event of events) expect(event).not.toContain(SIMULATOR_API_KEY);
});
