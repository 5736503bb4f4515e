import type { SseEvent } from '../../../shared/sse';
import type { AnswerSummary } from '../answerText';
import type { StreamAssembler } from './assembler';
import { failureOf } from './assembler';
import { compact } from './nativeStream';

/** Chat completions: `data: {chunk}` events with `choices[0].delta`, closed by `data: [DONE]`. */
export function chatStreamAssembler(): StreamAssembler {
	let text = '';
	let thoughts = '';
	let finishReason: string | null = null;
	let usage: unknown = null;
	let model: string | undefined;
	let responseId: string | undefined;
	let done = false;
	return {
		get complete() {
			return done;
		},
		accept(event: SseEvent, data: any) {
			if (event.data.trim() === '[DONE]') {
				done = true;
				return '';
			}
			const failure = failureOf(data);
			if (failure) throw failure;
			const choice = data?.choices?.[0];
			const delta = typeof choice?.delta?.content === 'string' ? choice.delta.content : '';
			if (typeof choice?.delta?.reasoning_content === 'string') thoughts += choice.delta.reasoning_content;
			text += delta;
			if (choice?.finish_reason) finishReason = choice.finish_reason;
			if (data?.usage) usage = data.usage;
			model = data?.model ?? model;
			responseId = data?.id ?? responseId;
			return delta;
		},
		summary(): AnswerSummary {
			return compact({ text, thoughts, finishReason, usage, model, responseId });
		},
	};
}
