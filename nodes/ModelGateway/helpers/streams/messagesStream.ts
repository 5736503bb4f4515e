import type { SseEvent } from '../../../shared/sse';
import type { StreamAssembler } from './assembler';
import { failureOf, StreamFailure } from './assembler';
import { emptyAnswerDraft, summaryOfDraft } from './answerDraft';

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
		accept(event: SseEvent, data: any) {
			const type = event.event !== 'message' ? event.event : data?.type;
			switch (type) {
				case 'message_start':
					answer.model = data?.message?.model ?? answer.model;
					answer.responseId = data?.message?.id ?? answer.responseId;
					if (data?.message?.usage) answer.usage = { ...data.message.usage };
					return '';
				case 'content_block_start':
					if (data?.content_block?.type === 'text' && data.content_block.text) {
						answer.text += data.content_block.text;
						return data.content_block.text as string;
					}
					return '';
				case 'content_block_delta': {
					const delta = data?.delta;
					if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
						answer.text += delta.text;
						return delta.text as string;
					}
					if (delta?.type === 'thinking_delta' && typeof delta.thinking === 'string') answer.thoughts += delta.thinking;
					return '';
				}
				case 'message_delta':
					if (data?.delta?.stop_reason) answer.finishReason = data.delta.stop_reason;
					if (data?.usage) answer.usage = { ...(answer.usage as Record<string, unknown> | null), ...data.usage };
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
		summary: () => summaryOfDraft(answer),
	};
}
