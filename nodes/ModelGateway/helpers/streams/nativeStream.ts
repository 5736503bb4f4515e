import type { SseEvent } from '../../../shared/sse';
import type { StreamAssembler } from './assembler';
import { failureOf } from './assembler';
import { emptyAnswerDraft, summaryOfDraft } from './answerDraft';

/** `:streamGenerateContent?alt=sse`: every event is a partial generate-content response. */
export function nativeStreamAssembler(): StreamAssembler {
	const answer = emptyAnswerDraft();
	return {
		get complete() {
			return answer.finishReason !== null;
		},
		accept(_event: SseEvent, data: any) {
			const failure = failureOf(data);
			if (failure) throw failure;
			let delta = '';
			const candidate = data?.candidates?.[0];
			for (const part of candidate?.content?.parts ?? []) {
				if (typeof part?.text !== 'string') continue;
				if (part.thought === true) answer.thoughts += part.text;
				else delta += part.text;
			}
			answer.text += delta;
			if (candidate?.finishReason) answer.finishReason = candidate.finishReason;
			if (data?.promptFeedback?.blockReason) answer.finishReason = data.promptFeedback.blockReason;
			if (data?.usageMetadata) answer.usage = data.usageMetadata;
			answer.model = data?.modelVersion ?? answer.model;
			answer.responseId = data?.responseId ?? answer.responseId;
			return delta;
		},
		summary: () => summaryOfDraft(answer),
	};
}
