import {
	chatSummary,
	messagesSummary,
	nativeSummary,
} from '../../../nodes/ModelGateway/helpers/answerText';
import { chatCall, messagesCall, nativeCall } from '../../../nodes/shared/models/calls';
import { chatStreamAssembler } from '../../../nodes/ModelGateway/helpers/streams/chatStream';
import { consumeStream } from '../../../nodes/ModelGateway/helpers/streams/consumeStream';
import { messagesStreamAssembler } from '../../../nodes/ModelGateway/helpers/streams/messagesStream';
import { nativeStreamAssembler } from '../../../nodes/ModelGateway/helpers/streams/nativeStream';
import { GatewayError } from '../../../nodes/shared/transport/errors';
import { callGateway } from '../../../nodes/shared/transport/request';
import type { GatewayCredentials } from '../../../nodes/shared/transport/credentials';
import { n8nCredentials } from '../../../tools/harness/n8nHttp';
import { SIMULATOR_API_KEY, type Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';

const PROMPT = 'Summarize:\nI love the new phone\nThe screen arrived broken\nDelivery was on time';

describe("streamed answers (n8n's request helper, read as they arrive)", () => {
	let sim: Simulator;
	let credentials: GatewayCredentials;

	useSimulator(
		(started) => {
			sim = started;
			credentials = n8nCredentials({ apiKey: SIMULATOR_API_KEY, baseUrl: sim.url });
		},
		{ reset: 'afterEach' },
	);

	const nativeBody = (text: string) => ({
		contents: [{ role: 'user', parts: [{ text }] }],
		generationConfig: { thinkingConfig: { includeThoughts: true } },
	});
	const chatBody = (text: string) => ({
		model: 'gemini-2.5-flash',
		messages: [{ role: 'user', content: text }],
	});
	const messagesBody = (text: string) => ({
		model: 'gemini-2.5-flash',
		max_tokens: 500,
		messages: [{ role: 'user', content: text }],
	});

	it('native: assembles the same text as generateContent, with thoughts, finish reason, usage and time to first token', async () => {
		const { body: whole } = await callGateway(
			nativeCall(credentials, 'gemini-2.5-flash', 'generateContent', nativeBody(PROMPT)),
		);
		const expected = nativeSummary(whole);
		const result = await consumeStream(
			nativeCall(credentials, 'gemini-2.5-flash', 'streamGenerateContent', nativeBody(PROMPT), {
				query: { alt: 'sse' },
			}),
			nativeStreamAssembler(),
			true,
		);
		expect(result.text).toBe(expected.text);
		expect(result.text).toMatch(/^Summary of 3 mentions: 1 positive, 1 neutral and 1 negative\./);
		expect(result.thoughts).toBe(expected.thoughts);
		expect(result.finishReason).toBe('STOP');
		expect(result.usage).toEqual(expected.usage);
		expect(result.timeToFirstTokenMs).toEqual(expect.any(Number));
		expect(result.timeToFirstTokenMs!).toBeLessThanOrEqual(result.durationMs);
		expect(result.chunkCount).toBeGreaterThan(2);
		expect(result.chunks).toHaveLength(result.chunkCount);
		expect(sim.requests[1].query).toMatchObject({ alt: 'sse', key: SIMULATOR_API_KEY });
	});

	it('chat completions: assembles the data chunks up to [DONE]', async () => {
		const { body: whole } = await callGateway(chatCall(credentials, chatBody(PROMPT)));
		const result = await consumeStream(
			chatCall(credentials, { ...chatBody(PROMPT), stream: true }),
			chatStreamAssembler(),
			false,
		);
		expect(result.text).toBe(chatSummary(whole).text);
		expect(result.finishReason).toBe('stop');
		expect(result.usage).toEqual((whole as { usage: unknown }).usage);
		expect(result.chunks).toBeUndefined();
		expect(result.timeToFirstTokenMs).toEqual(expect.any(Number));
	});

	it('messages: assembles content_block_delta text, stop reason and merged usage', async () => {
		const { body: whole } = await callGateway(messagesCall(credentials, messagesBody(PROMPT)));
		const result = await consumeStream(
			messagesCall(credentials, { ...messagesBody(PROMPT), stream: true }),
			messagesStreamAssembler(),
			true,
		);
		expect(result.text).toBe(messagesSummary(whole).text);
		expect(result.finishReason).toBe('end_turn');
		expect(result.usage).toEqual((whole as { usage: unknown }).usage);
		expect((result.chunks as Array<{ event: string }>).map((chunk) => chunk.event)).toContain(
			'ping',
		);
	});

	it.each([
		[
			'native',
			() =>
				nativeCall(
					credentials,
					'gemini-2.5-flash',
					'streamGenerateContent',
					nativeBody('[sim:stream-error] go'),
					{ query: { alt: 'sse' } },
				),
			nativeStreamAssembler,
			/INTERNAL: The model stopped while streaming/,
		],
		[
			'chat',
			() => chatCall(credentials, { ...chatBody('[sim:stream-error] go'), stream: true }),
			chatStreamAssembler,
			/server_error: The upstream model failed while streaming/,
		],
		[
			'messages',
			() => messagesCall(credentials, { ...messagesBody('[sim:stream-error] go'), stream: true }),
			messagesStreamAssembler,
			/overloaded_error: Overloaded/,
		],
	] as const)(
		'%s: an error event in the middle of the stream fails with the service message',
		async (_name, call, assembler, message) => {
			const failure = await consumeStream(call(), assembler(), false).catch((error) => error);
			expect(failure).toBeInstanceOf(GatewayError);
			expect(failure.message).toMatch(/reported an error in the stream/);
			expect(failure.message).toMatch(message);
			expect(failure.details.serviceMessage).toBeDefined();
		},
	);

	it('a stream cut off before its end marker fails instead of returning half an answer', async () => {
		sim.faults.queue({ endpoint: 'v1/chat/completions', truncate: true });
		const failure = await consumeStream(
			chatCall(credentials, { ...chatBody(PROMPT), stream: true }),
			chatStreamAssembler(),
			false,
		).catch((error) => error);
		expect(failure).toBeInstanceOf(GatewayError);
		expect(failure.message).toMatch(/(broke off|ended before the answer was complete)/);
		expect(failure.message).not.toContain(SIMULATOR_API_KEY);
	});

	it('a rejected streaming call reports the status and message, without the key', async () => {
		const failure = await consumeStream(
			messagesCall(n8nCredentials({ apiKey: 'sk-wrong-key-1234567', baseUrl: sim.url }), {
				...messagesBody('hi'),
				stream: true,
			}),
			messagesStreamAssembler(),
			false,
		).catch((error) => error);
		expect(failure).toBeInstanceOf(GatewayError);
		expect(failure.status).toBe(401);
		expect(failure.message).not.toContain('sk-wrong-key-1234567');
	});
});
