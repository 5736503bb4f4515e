import type { SseEvent } from '../../../shared/sse';
import type { AnswerSummary } from '../answerText';

/** Turns the events of one streamed answer into the text, finish reason and usage of the whole. */
export interface StreamAssembler {
	/** Takes one event; returns the generated text it carried ('' for none). */
	accept(event: SseEvent, data: unknown): string;
	/** Whether the protocol's end of the answer was seen. */
	readonly complete: boolean;
	summary(): AnswerSummary;
}

/** The service reported a failure inside the stream (after the 200 status). */
export class StreamFailure extends Error {
	constructor(
		message: string,
		readonly serviceMessage?: string,
	) {
		super(message);
		this.name = 'StreamFailure';
	}
}

/** Reads the `error` object streams carry (`{error: {message, type|status|code}}` or `{type: 'error', error}`). */
export function failureOf(data: unknown): StreamFailure | undefined {
	if (!data || typeof data !== 'object') return undefined;
	const error: unknown = (data as { error?: unknown }).error;
	if (error === undefined || error === null) return undefined;
	const details =
		typeof error === 'object'
			? (error as { message?: unknown; type?: unknown; status?: unknown; code?: unknown })
			: undefined;
	const message =
		typeof error === 'string'
			? error
			: typeof details?.message === 'string'
				? details.message
				: JSON.stringify(error);
	const kind = details ? (details.type ?? details.status ?? details.code) : undefined;
	return new StreamFailure(kind !== undefined ? `${kind}: ${message}` : message, message);
}
