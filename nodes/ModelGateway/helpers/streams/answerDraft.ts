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
