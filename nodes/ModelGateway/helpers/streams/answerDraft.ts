import type { AnswerSummary } from '../answerText';

/** What a stream assembler gathers while the answer comes in. */
export interface AnswerDraft {
	text: string;
	thoughts: string;
	finishReason: string | null;
	usage: unknown;
	model?: string;
	responseId?: string;
}

export function emptyAnswerDraft(): AnswerDraft {
	return { text: '', thoughts: '', finishReason: null, usage: null };
}

/** The summary of a finished answer: thoughts, model and response id only when there are any. */
export function summaryOfDraft(draft: AnswerDraft): AnswerSummary {
	const result: AnswerSummary = {
		text: draft.text,
		finishReason: draft.finishReason,
		usage: draft.usage,
	};
	if (draft.thoughts) result.thoughts = draft.thoughts;
	if (draft.model !== undefined) result.model = draft.model;
	if (draft.responseId !== undefined) result.responseId = draft.responseId;
	return result;
}
