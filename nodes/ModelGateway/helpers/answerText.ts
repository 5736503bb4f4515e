/** The generated text, finish reason and usage of an answer, whichever of the three wire formats it has. */

export interface AnswerSummary {
	text: string;
	/** Thinking summaries, when the model returned them. */
	thoughts?: string;
	finishReason: string | null;
	/** The protocol's own token counts, unchanged. */
	usage: unknown;
	model?: string;
	responseId?: string;
}

type Json = Record<string, any>;

const asRecord = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** `candidates[0].content.parts[].text` (thought parts apart), `usageMetadata`, `modelVersion`. */
export function nativeSummary(response: unknown): AnswerSummary {
	const body = asRecord(response);
	const candidate = asRecord(Array.isArray(body.candidates) ? body.candidates[0] : undefined);
	const parts: Json[] = Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
	let text = '';
	let thoughts = '';
	for (const part of parts) {
		if (typeof part?.text !== 'string') continue;
		if (part.thought === true) thoughts += part.text;
		else text += part.text;
	}
	return withOptional({
		text,
		thoughts,
		finishReason: candidate.finishReason ?? body.promptFeedback?.blockReason ?? null,
		usage: body.usageMetadata ?? null,
		model: body.modelVersion,
		responseId: body.responseId,
	});
}

/** `choices[0].message.content` (a string or an array of text parts), `finish_reason`, `usage`. */
export function chatSummary(response: unknown): AnswerSummary {
	const body = asRecord(response);
	const choice = asRecord(Array.isArray(body.choices) ? body.choices[0] : undefined);
	const content = choice.message?.content;
	const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((part: Json) => (typeof part?.text === 'string' ? part.text : '')).join('') : '';
	const reasoning = choice.message?.reasoning_content;
	return withOptional({
		text,
		thoughts: typeof reasoning === 'string' ? reasoning : '',
		finishReason: choice.finish_reason ?? null,
		usage: body.usage ?? null,
		model: body.model,
		responseId: body.id,
	});
}

/** `content[]` text blocks (thinking blocks apart), `stop_reason`, `usage`. */
export function messagesSummary(response: unknown): AnswerSummary {
	const body = asRecord(response);
	const blocks: Json[] = Array.isArray(body.content) ? body.content : [];
	let text = '';
	let thoughts = '';
	for (const block of blocks) {
		if (block?.type === 'text' && typeof block.text === 'string') text += block.text;
		if (block?.type === 'thinking' && typeof block.thinking === 'string') thoughts += block.thinking;
	}
	return withOptional({
		text,
		thoughts,
		finishReason: body.stop_reason ?? null,
		usage: body.usage ?? null,
		model: body.model,
		responseId: body.id,
	});
}

function withOptional(summary: AnswerSummary): AnswerSummary {
	const result: AnswerSummary = { text: summary.text, finishReason: summary.finishReason, usage: summary.usage };
	if (summary.thoughts) result.thoughts = summary.thoughts;
	if (summary.model !== undefined) result.model = summary.model;
	if (summary.responseId !== undefined) result.responseId = summary.responseId;
	return result;
}
