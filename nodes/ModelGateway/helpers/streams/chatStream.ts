import type { SseEvent } from '../../../shared/sse';
import type { ChatAnswer } from '../answerShapes';
import type { StreamAssembler } from './assembler';
import { failureOf } from './assembler';
import { answerSummary } from '../answerText';
import { emptyAnswerDraft } from './answerDraft';

/** Chat completions: `data: {chunk}` events with `choices[0].delta`, closed by `data: [DONE]`. */
export function chatStreamAssembler(): StreamAssembler {
	const answer = emptyAnswerDraft();
	let done = false;
	return {
		get complete() {
			return done;
		},
		accept(event: SseEvent, data: unknown) {
			if (event.data.trim() === '[DONE]') {
				done = true;
				return '';
			}
			const failure = failureOf(data);
			if (failure) throw failure;
			const chunk = data as ChatAnswer | undefined;
			const choice = chunk?.choices?.[0];
			const delta = typeof choice?.delta?.content === 'string' ? choice.delta.content : '';
			if (typeof choice?.delta?.reasoning_content === 'string')
				answer.thoughts += choice.delta.reasoning_content;
			answer.text += delta;
			if (choice?.finish_reason) answer.finishReason = choice.finish_reason;
			if (chunk?.usage) answer.usage = chunk.usage;
			answer.model = chunk?.model ?? answer.model;
			answer.responseId = chunk?.id ?? answer.responseId;
			return delta;
		},
		summary: () => answerSummary(answer),
	};
}
