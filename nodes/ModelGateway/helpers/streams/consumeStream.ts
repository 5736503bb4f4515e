import { readSseEvents } from '../../../shared/sse';
import { GatewayError } from '../../../shared/transport/errors';
import { redactSecret } from '../../../shared/transport/redact';
import type { GatewayCall } from '../../../shared/transport/request';
import { openGatewayStream } from '../../../shared/transport/request';
import type { AnswerSummary } from '../answerText';
import type { StreamAssembler } from './assembler';
import { StreamFailure } from './assembler';

export interface StreamResult extends AnswerSummary {
	/** From sending the request to the first generated text. null when no text came. */
	timeToFirstTokenMs: number | null;
	durationMs: number;
	chunkCount: number;
	/** The parsed data of every event, when asked for. */
	chunks?: unknown[];
}

function parseData(data: string): unknown {
	if (data.trim() === '[DONE]') return '[DONE]';
	try {
		return JSON.parse(data);
	} catch {
		return undefined;
	}
}

/** n8n's helper ends a silent stream with a timeout error (its `timeout` bounds socket silence). */
function isSilenceTimeout(error: unknown): boolean {
	const { code, message } = (error ?? {}) as { code?: string; message?: string };
	return code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message ?? '');
}

function streamError(call: GatewayCall, message: string, serviceMessage?: string): GatewayError {
	const secret = call.credentials.apiKey;
	return new GatewayError(redactSecret(message, secret), {
		kind: 'invalid-response',
		endpoint: call.endpoint,
		serviceMessage: serviceMessage === undefined ? undefined : redactSecret(serviceMessage, secret),
		mayHaveBilled: true,
	});
}

/** What went wrong while the events were read, as the error the node reports. */
function readFailureOf(error: unknown, call: GatewayCall): GatewayError {
	if (error instanceof StreamFailure) {
		return streamError(call, `The service reported an error in the stream of ${call.endpoint}: ${error.message}`, error.serviceMessage);
	}
	if (error instanceof GatewayError) return error;
	if (call.signal?.aborted) {
		return new GatewayError(`The stream of ${call.endpoint} was cancelled`, { kind: 'cancelled', endpoint: call.endpoint, mayHaveBilled: true });
	}
	if (isSilenceTimeout(error)) {
		return new GatewayError(`The stream of ${call.endpoint} stalled: nothing arrived for ${Math.round(call.timeoutMs / 1000)} s`, {
			kind: 'timeout',
			endpoint: call.endpoint,
			mayHaveBilled: true,
		});
	}
	return streamError(call, `The stream of ${call.endpoint} broke off: ${(error as Error)?.message ?? error}`);
}

/** Sends a streaming call and reads its Server-Sent Events as they arrive into one answer. */
export async function consumeStream(call: GatewayCall, assembler: StreamAssembler, keepChunks: boolean): Promise<StreamResult> {
	const started = Date.now();
	const answer = await openGatewayStream(call);
	let firstTokenAt: number | undefined;
	let chunkCount = 0;
	const chunks: unknown[] = [];
	let failure: GatewayError | undefined;
	try {
		for await (const event of readSseEvents(answer.body)) {
			const data = parseData(event.data);
			if (data === undefined) throw streamError(call, `An event of the stream of ${call.endpoint} is not JSON: ${event.data.slice(0, 200)}`);
			chunkCount++;
			if (keepChunks) chunks.push(event.event === 'message' ? data : { event: event.event, data });
			const delta = assembler.accept(event, data);
			if (delta && firstTokenAt === undefined) firstTokenAt = Date.now();
		}
	} catch (error) {
		failure = readFailureOf(error, call);
	} finally {
		if (!answer.body.destroyed) answer.body.destroy();
	}
	if (failure) throw failure;
	if (!assembler.complete) throw streamError(call, `The stream of ${call.endpoint} ended before the answer was complete`);
	const result: StreamResult = {
		...assembler.summary(),
		timeToFirstTokenMs: firstTokenAt === undefined ? null : Math.round(firstTokenAt - started),
		durationMs: Math.round(Date.now() - started),
		chunkCount,
	};
	if (keepChunks) result.chunks = chunks;
	return result;
}
