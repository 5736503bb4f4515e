import { readSseEvents, SseParser, type SseEvent } from '../../../nodes/shared/sse';
import { mulberry32 } from '../../../simulator/dataset/random';
import { type Simulator } from '../../../simulator';
import { recordStreams, type RecordedStreams } from './recordStreams';
import { useSimulator } from '../../support/useSimulator';

/** Parses a whole text in one go: the reference every chunked reading must equal. */
function parseWhole(text: string): SseEvent[] {
	const parser = new SseParser();
	return [...parser.push(text), ...parser.end()];
}

/** Splits the UTF-8 bytes at random places (also inside multi-byte characters and CRLF pairs). */
function randomByteChunks(text: string, random: () => number, maxChunk: number): Uint8Array[] {
	const bytes = Buffer.from(text, 'utf8');
	const chunks: Uint8Array[] = [];
	for (let start = 0; start < bytes.length; ) {
		const size = 1 + Math.floor(random() * maxChunk);
		chunks.push(bytes.subarray(start, start + size));
		start += size;
	}
	return chunks;
}

async function parseChunks(chunks: Uint8Array[]): Promise<SseEvent[]> {
	async function* source() {
		for (const chunk of chunks) yield chunk;
	}
	const events: SseEvent[] = [];
	for await (const event of readSseEvents(source())) events.push(event);
	return events;
}

describe('SSE parser', () => {
	let sim: Simulator;
	let recorded: RecordedStreams;

	useSimulator(
		async (started) => {
			sim = started;
			recorded = await recordStreams(sim);
		},
		{ reset: 'never' },
	);

	it('reads the framing of each protocol', () => {
		const native = parseWhole(recorded.native);
		expect(recorded.native).toContain('\r\n\r\n');
		expect(native.length).toBeGreaterThan(2);
		expect(native.every((event) => event.event === 'message')).toBe(true);
		expect(JSON.parse(native[native.length - 1].data).candidates[0].finishReason).toBe('STOP');

		const chat = parseWhole(recorded.chat);
		expect(chat[chat.length - 1].data).toBe('[DONE]');
		expect(
			chat.slice(0, -1).every((event) => JSON.parse(event.data).object === 'chat.completion.chunk'),
		).toBe(true);

		const messages = parseWhole(recorded.messages);
		expect(messages.map((event) => event.event)).toEqual(
			expect.arrayContaining([
				'message_start',
				'content_block_start',
				'ping',
				'content_block_delta',
				'content_block_stop',
				'message_delta',
				'message_stop',
			]),
		);
		for (const event of messages) expect(JSON.parse(event.data).type).toBe(event.event);
	});

	it.each(['native', 'chat', 'messages'] as const)(
		'gives the same events for %s whatever the chunk boundaries (fuzzed)',
		async (protocol) => {
			const text = recorded[protocol];
			const expected = parseWhole(text);
			const random = mulberry32(protocol.length * 7919);
			for (let round = 0; round < 150; round++) {
				const maxChunk = round < 50 ? 3 : round < 100 ? 17 : 400;
				expect(await parseChunks(randomByteChunks(text, random, maxChunk))).toEqual(expected);
			}
		},
	);

	it('gives the same events when a stream uses LF, CRLF or bare CR line ends, split anywhere', async () => {
		const lf =
			'event: a\ndata: {"x":1}\n\n: keep-alive\n\ndata: first line\ndata: second line\n\nid: 7\ndata: [DONE]\n\n';
		const expected = parseWhole(lf);
		expect(expected).toEqual([
			{ event: 'a', data: '{"x":1}' },
			{ event: 'message', data: 'first line\nsecond line' },
			{ event: 'message', data: '[DONE]', id: '7' },
		]);
		const random = mulberry32(42);
		for (const variant of [lf, lf.replace(/\n/g, '\r\n'), lf.replace(/\n/g, '\r')]) {
			expect(parseWhole(variant)).toEqual(expected);
			for (let round = 0; round < 100; round++)
				expect(await parseChunks(randomByteChunks(variant, random, 4))).toEqual(expected);
		}
	});

	it('keeps a CRLF split between two chunks as one line end', () => {
		const parser = new SseParser();
		expect(parser.push('data: a\r')).toEqual([]);
		expect(parser.push('\n\r')).toEqual([{ event: 'message', data: 'a' }]);
		expect(parser.push('\ndata: b\r\n\r\n')).toEqual([{ event: 'message', data: 'b' }]);
	});

	it('follows the field rules: one leading space dropped, no colon, empty data, events without data ignored', () => {
		expect(parseWhole('data:no-space\n\ndata:  two spaces\n\ndata\n\nevent: lonely\n\n')).toEqual([
			{ event: 'message', data: 'no-space' },
			{ event: 'message', data: ' two spaces' },
			{ event: 'message', data: '' },
		]);
	});

	it('delivers an event the server did not close with a blank line at the end of the stream', () => {
		const parser = new SseParser();
		expect(parser.push('data: {"done":true}')).toEqual([]);
		expect(parser.end()).toEqual([{ event: 'message', data: '{"done":true}' }]);
	});
});
