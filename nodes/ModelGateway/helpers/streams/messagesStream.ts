import type { SseEvent } from '../../../shared/sse';
import type { AnswerSummary } from '../answerText';
import type { StreamAssembler } from './assembler';
import { failureOf, StreamFailure } from './assembler';
import { compact } from './nativeStream';

/**
 * Messages protocol: `message_start`, `content_block_start|delta|stop`, `message_delta`,
 * `message_stop`, `ping`, and `error` (a failure after the 200 status).
 */
export function messagesStreamAssembler(): StreamAssembler {
	let text = '';
	let thoughts = '';
	let finishReason: string | null = null;
	let usage: Record<string, unknown> | null = null;
	let model: string | undefined;
	let responseId: string | undefined;
	let done = false;
	return {
		get complete() {
			return done;
		},
		accept(event: SseEvent, data: any) {
			const type = event.event !== 'message' ? event.event : data?.type;
			switch (type) {
				case 'message_start':
					model = data?.message?.model ?? model;
					responseId = data?.message?.id ?? responseId;
					if (data?.message?.usage) usage = { ...data.message.usage };
					return '';
				case 'content_block_start':
					if (data?.content_block?.type === 'text' && data.content_block.text) {
						text += data.content_block.text;
						return data.content_block.text as string;
					}
					return '';
				case 'content_block_delta': {
					const delta = data?.delta;
					if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
						text += delta.text;
						return delta.text as string;
					}
					if (delta?.type === 'thinking_delta' && typeof delta.thinking === 'string') thoughts += delta.thinking;
					return '';
				}
				case 'message_delta':
					if (data?.delta?.stop_reason) finishReason = data.delta.stop_reason;
					if (data?.usage) usage = { ...(usage ?? {}), ...data.usage };
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
		summary(): AnswerSummary {
			return compact({ text, thoughts, finishReason, usage, model, responseId });
		},
	};
}
