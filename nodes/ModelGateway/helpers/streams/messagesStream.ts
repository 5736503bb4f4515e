import type { SseEvent } from '../../../shared/sse';
import type { MessagesEvent } from '../answerShapes';
import type { StreamAssembler } from './assembler';
import { failureOf, StreamFailure } from './assembler';
import { answerSummary } from '../answerText';
import { emptyAnswerDraft } from './answerDraft';

/**
 * Messages protocol: `message_start`, `content_block_start|delta|stop`, `message_delta`,
 * `message_stop`, `ping`, and `error` (a failure after the 200 status).
 */
export function messagesStreamAssembler(): StreamAssembler {
	const answer = emptyAnswerDraft();
	let done = false;
	return {
		get complete() {
			return done;
		},
		accept(event: SseEvent, data: unknown) {
			const message = data as MessagesEvent | undefined;
			const type = event.event !== 'message' ? event.event : message?.type;
			switch (type) {
				case 'message_start':
					answer.model = message?.message?.model ?? answer.model;
					answer.responseId = message?.message?.id ?? answer.responseId;
					if (message?.message?.usage) answer.usage = { ...message.message.usage };
					return '';
				case 'content_block_start':
					if (message?.content_block?.type === 'text' && message.content_block.text) {
						answer.text += message.content_block.text;
						return message.content_block.text;
					}
					return '';
				case 'content_block_delta': {
					const delta = message?.delta;
					if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
						answer.text += delta.text;
						return delta.text;
					}
					if (delta?.type === 'thinking_delta' && typeof delta.thinking === 'string')
						answer.thoughts += delta.thinking;
					return '';
				}
				case 'message_delta':
					if (message?.delta?.stop_reason) answer.finishReason = message.delta.stop_reason;
					if (message?.usage)
						answer.usage = {
							...(answer.usage as Record<string, unknown> | null),
							...message.usage,
						};
					return '';
				case 'message_stop':
					done = true;
					return '';
				case 'error':
					throw failureOf(data) ?? new StreamFailure('error event without details');
				default:
					// ping, content_block_stop and event types added later carry no text.
					return '';
			}
		},
		summary: () => answerSummary(answer),
	};
}
