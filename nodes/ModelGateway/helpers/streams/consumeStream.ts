import { attemptParse, parseLosslessJson } from '../../../shared/json/losslessJson';
import { readSseEvents, SseLineTooLong } from '../../../shared/sse';
import { Deadline, DeadlineExpired } from '../../../shared/transport/deadline';
import { GatewayError } from '../../../shared/transport/errors';
import type { ByteStream } from '../../../shared/transport/readBody';
import { AnswerTooLarge, cappedChunks } from '../../../shared/transport/readBody';
import type { GatewayCall } from '../../../shared/transport/request';
import {
	answerLimitOf,
	DEFAULT_STREAM_DEADLINE_MS,
	openGatewayStream,
	tooLargeError,
} from '../../../shared/transport/request';
import { redactAnswer } from '../../../shared/transport/redact';
import { brokenStreamError } from '../../../shared/transport/streamErrors';
import type { AnswerSummary } from '../answerText';
import type { StreamAssembler } from './assembler';
import { StreamFailure } from './assembler';
import { redactEvents } from './redactEvents';

export interface StreamResult extends AnswerSummary {
	/** From sending the request to the first generated text. null when no text came. */
	timeToFirstTokenMs: number | null;
	durationMs: number;
	chunkCount: number;
	/** The parsed data of every event, when asked for. */
	chunks?: unknown[];
}

/** An event's data, read without loss like every answer; undefined when it is not JSON. */
function parseData(data: string): unknown {
	if (data.trim() === '[DONE]') return '[DONE]';
	const outcome = attemptParse(parseLosslessJson, data);
	return outcome.ok ? outcome.value : undefined;
}

/** n8n's helper ends a silent stream with a timeout error (its `timeout` bounds socket silence). */
function isSilenceTimeout(error: unknown): boolean {
	const { code, message } = (error ?? {}) as { code?: string; message?: string };
	return code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message ?? '');
}

/** What went wrong while the events were read, as the error the node reports. */
function readFailureOf(error: unknown, call: GatewayCall, deadlineMs: number): GatewayError {
	if (error instanceof StreamFailure) {
		return brokenStreamError(
			call,
			`The service reported an error in the stream of ${call.endpoint}: ${error.message}`,
			error.serviceMessage,
		);
	}
	if (error instanceof GatewayError) return error;
	if (error instanceof AnswerTooLarge) return tooLargeError(call, 200);
	if (error instanceof SseLineTooLong)
		return brokenStreamError(
			call,
			`The stream of ${call.endpoint} is not an event stream: ${error.message}`,
		);
	if (error instanceof DeadlineExpired) {
		return new GatewayError(
			`The stream of ${call.endpoint} did not end within ${Math.round(deadlineMs / 60_000)} min`,
			{
				kind: 'timeout',
				endpoint: call.endpoint,
				mayHaveBilled: true,
			},
		);
	}
	if (call.signal?.aborted) {
		return new GatewayError(`The stream of ${call.endpoint} was cancelled`, {
			kind: 'cancelled',
			endpoint: call.endpoint,
			mayHaveBilled: true,
		});
	}
	if (isSilenceTimeout(error)) {
		return new GatewayError(
			`The stream of ${call.endpoint} stalled: nothing arrived for ${Math.round(call.timeoutMs / 1000)} s`,
			{
				kind: 'timeout',
				endpoint: call.endpoint,
				mayHaveBilled: true,
			},
		);
	}
	return brokenStreamError(
		call,
		`The stream of ${call.endpoint} broke off: ${(error as Error)?.message ?? error}`,
	);
}

interface StreamProgress {
	firstTokenAt?: number;
	chunkCount: number;
	chunks: unknown[];
}

/**
 * Reads events until the protocol's end marker (then stops: a server may keep the connection open),
 * skipping keep-alives and events without data.
 */
async function readEvents(
	body: ByteStream,
	call: GatewayCall,
	assembler: StreamAssembler,
	keepChunks: boolean,
	progress: StreamProgress,
) {
	for await (const event of readSseEvents(cappedChunks(body, answerLimitOf(call)))) {
		if (event.data.trim() === '') continue;
		const data = parseData(event.data);
		if (data === undefined)
			throw brokenStreamError(
				call,
				`An event of the stream of ${call.endpoint} is not JSON: ${event.data.slice(0, 200)}`,
			);
		progress.chunkCount++;
		if (keepChunks)
			progress.chunks.push(event.event === 'message' ? data : { event: event.event, data });
		const delta = assembler.accept(event, data);
		if (delta && progress.firstTokenAt === undefined) progress.firstTokenAt = Date.now();
		if (assembler.complete) return;
	}
}

/** Sends a streaming call and reads its Server-Sent Events as they arrive into one answer. */
export async function consumeStream(
	call: GatewayCall,
	assembler: StreamAssembler,
	keepChunks: boolean,
): Promise<StreamResult> {
	const started = Date.now();
	const answer = await openGatewayStream(call);
	const progress: StreamProgress = { chunkCount: 0, chunks: [] };
	const deadlineMs = call.streamDeadlineMs ?? DEFAULT_STREAM_DEADLINE_MS;
	const deadline = new Deadline(deadlineMs);
	let failure: GatewayError | undefined;
	try {
		await deadline.race(readEvents(answer.body, call, assembler, keepChunks, progress));
	} catch (error) {
		failure = readFailureOf(error, call, deadlineMs);
	} finally {
		deadline.clear();
		if (!answer.body.destroyed) answer.body.destroy();
	}
	if (failure) throw failure;
	if (!assembler.complete)
		throw brokenStreamError(
			call,
			`The stream of ${call.endpoint} ended before the answer was complete`,
		);
	// A key the service echoes in a successful answer is redacted like one in an error; the whole text
	// is searched, so an echo cut over several events is found too.
	const secret = call.credentials.apiKey;
	const result: StreamResult = redactAnswer(
		{
			...assembler.summary(),
			timeToFirstTokenMs:
				progress.firstTokenAt === undefined ? null : Math.round(progress.firstTokenAt - started),
			durationMs: Math.round(Date.now() - started),
			chunkCount: progress.chunkCount,
		},
		secret,
	);
	if (keepChunks) {
		redactEvents(progress.chunks, secret);
		result.chunks = progress.chunks;
	}
	return result;
}
