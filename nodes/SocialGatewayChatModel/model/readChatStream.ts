import type { StreamChunk } from '@n8n/ai-node-sdk';
import { attemptParse, parseLosslessJson } from '../../shared/json/losslessJson';
import { readSseEvents } from '../../shared/sse';
import { serviceMessageOf } from '../../shared/transport/errors';
import type { ByteStream } from '../../shared/transport/readBody';
import { cappedChunks } from '../../shared/transport/readBody';
import type { GatewayCall } from '../../shared/transport/request';
import { brokenStreamError } from '../../shared/transport/streamErrors';
import { answerLimitOf } from '../../shared/transport/request';
import type { WireChunk } from './wireStream';
import { ChatStreamTranslator } from './wireStream';
import { ChunkRedaction } from './redactChunks';

/**
 * Reads a streamed chat completion (`data: {chunk}` events, `data: [DONE]`) into the SDK's chunks as
 * they arrive. An error event or a stream that ends without `[DONE]` fails: half an answer is not one.
 */

export async function* readChatStream(
	body: ByteStream,
	call: GatewayCall,
): AsyncGenerator<StreamChunk> {
	const translator = new ChatStreamTranslator();
	const redaction = new ChunkRedaction(call.credentials.apiKey);
	try {
		for await (const event of readSseEvents(cappedChunks(body, answerLimitOf(call)))) {
			const data = event.data.trim();
			if (data === '') continue;
			if (data === '[DONE]') {
				yield* redaction.end();
				yield translator.finish();
				return;
			}
			const parsed = attemptParse(parseLosslessJson, data);
			if (!parsed.ok)
				throw brokenStreamError(
					call,
					`An event of the stream of ${call.endpoint} is not JSON: ${data.slice(0, 200)}`,
				);
			const reported = (parsed.value as { error?: unknown } | null)?.error;
			if (reported !== undefined && reported !== null) {
				const serviceMessage = serviceMessageOf(reported) ?? 'unknown error';
				throw brokenStreamError(
					call,
					`The service reported an error in the stream of ${call.endpoint}: ${serviceMessage}`,
					serviceMessage,
				);
			}
			yield* redaction.pass(translator.accept(parsed.value as WireChunk));
		}
	} finally {
		if (!body.destroyed) body.destroy();
	}
	throw brokenStreamError(
		call,
		`The stream of ${call.endpoint} ended before the answer was complete`,
	);
}
