import type { SseEvent } from '../../../shared/sse';
import type { AnswerSummary } from '../answerText';
import type { StreamAssembler } from './assembler';
import { failureOf } from './assembler';

/** `:streamGenerateContent?alt=sse`: every event is a partial generate-content response. */
export function nativeStreamAssembler(): StreamAssembler {
	let text = '';
	let thoughts = '';
	let finishReason: string | null = null;
	let usage: unknown = null;
	let model: string | undefined;
	let responseId: string | undefined;
	return {
		get complete() {
			return finishReason !== null;
		},
		accept(_event: SseEvent, data: any) {
			const failure = failureOf(data);
			if (failure) throw failure;
			let delta = '';
			const candidate = data?.candidates?.[0];
			for (const part of candidate?.content?.parts ?? []) {
				if (typeof part?.text !== 'string') continue;
				if (part.thought === true) thoughts += part.text;
				else delta += part.text;
			}
			text += delta;
			if (candidate?.finishReason) finishReason = candidate.finishReason;
			if (data?.promptFeedback?.blockReason) finishReason = data.promptFeedback.blockReason;
			if (data?.usageMetadata) usage = data.usageMetadata;
			model = data?.modelVersion ?? model;
			responseId = data?.responseId ?? responseId;
			return delta;
		},
		summary(): AnswerSummary {
			return compact({ text, thoughts, finishReason, usage, model, responseId });
		},
	};
}

export function compact(summary: AnswerSummary): AnswerSummary {
	const result: AnswerSummary = { text: summary.text, finishReason: summary.finishReason, usage: summary.usage };
	if (summary.thoughts) result.thoughts = summary.thoughts;
	if (summary.model !== undefined) result.model = summary.model;
	if (summary.responseId !== undefined) result.responseId = summary.responseId;
	return result;
}
