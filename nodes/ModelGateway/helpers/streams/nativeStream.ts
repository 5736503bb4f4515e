import type { SseEvent } from '../../../shared/sse';
import type { NativeAnswer } from '../answerShapes';
import type { StreamAssembler } from './assembler';
import { failureOf } from './assembler';
import { answerSummary } from '../answerText';
import { emptyAnswerDraft } from './answerDraft';

/** `:streamGenerateContent?alt=sse`: every event is a partial generate-content response. */
export function nativeStreamAssembler(): StreamAssembler {
	const answer = emptyAnswerDraft();
	return {
		get complete() {
			return answer.finishReason !== null;
		},
		accept(_event: SseEvent, data: unknown) {
			const failure = failureOf(data);
			if (failure) throw failure;
			const event = data as NativeAnswer | undefined;
			let delta = '';
			const candidate = event?.candidates?.[0];
			for (const part of candidate?.content?.parts ?? []) {
				if (typeof part?.text !== 'string') continue;
				if (part.thought === true) answer.thoughts += part.text;
				else delta += part.text;
			}
			answer.text += delta;
			if (candidate?.finishReason) answer.finishReason = candidate.finishReason;
			if (event?.promptFeedback?.blockReason)
				answer.finishReason = event.promptFeedback.blockReason;
			if (event?.usageMetadata) answer.usage = event.usageMetadata;
			answer.model = event?.modelVersion ?? answer.model;
			answer.responseId = event?.responseId ?? answer.responseId;
			return delta;
		},
		summary: () => answerSummary(answer),
	};
}
