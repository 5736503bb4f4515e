import type {
	ChatAnswer,
	MessagesAnswer,
	MessagesBlock,
	NativeAnswer,
	NativeCandidate,
	NativePart,
} from './answerShapes';

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

/** The answer as an object of the expected shape; anything else reads as an empty answer. */
const asAnswer = <T extends object>(value: unknown): T =>
	value && typeof value === 'object' ? (value as T) : ({} as T);

/** `candidates[0].content.parts[].text` (thought parts apart), `usageMetadata`, `modelVersion`. */
export function nativeSummary(response: unknown): AnswerSummary {
	const body = asAnswer<NativeAnswer>(response);
	const candidate = asAnswer<NativeCandidate>(
		Array.isArray(body.candidates) ? body.candidates[0] : undefined,
	);
	const parts: Array<NativePart | undefined> = Array.isArray(candidate.content?.parts)
		? candidate.content.parts
		: [];
	let text = '';
	let thoughts = '';
	for (const part of parts) {
		if (typeof part?.text !== 'string') continue;
		if (part.thought === true) thoughts += part.text;
		else text += part.text;
	}
	return answerSummary({
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
	const body = asAnswer<ChatAnswer>(response);
	const choice = asAnswer<NonNullable<ChatAnswer['choices']>[number]>(
		Array.isArray(body.choices) ? body.choices[0] : undefined,
	);
	const content = choice.message?.content;
	const text =
		typeof content === 'string'
			? content
			: Array.isArray(content)
				? content.map(textOfPart).join('')
				: '';
	const reasoning = choice.message?.reasoning_content;
	return answerSummary({
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
	const body = asAnswer<MessagesAnswer>(response);
	const blocks: Array<MessagesBlock | undefined> = Array.isArray(body.content) ? body.content : [];
	let text = '';
	let thoughts = '';
	for (const block of blocks) {
		if (block?.type === 'text' && typeof block.text === 'string') text += block.text;
		if (block?.type === 'thinking' && typeof block.thinking === 'string')
			thoughts += block.thinking;
	}
	return answerSummary({
		text,
		thoughts,
		finishReason: body.stop_reason ?? null,
		usage: body.usage ?? null,
		model: body.model,
		responseId: body.id,
	});
}

/** The text of one part of a chat message's content array ('' for parts without text). */
function textOfPart(part: unknown): string {
	const text = part && typeof part === 'object' ? (part as { text?: unknown }).text : undefined;
	return typeof text === 'string' ? text : '';
}

/** The summary as nodes output it: thoughts, model and response id only when there are any. */
export function answerSummary(summary: AnswerSummary): AnswerSummary {
	const result: AnswerSummary = {
		text: summary.text,
		finishReason: summary.finishReason,
		usage: summary.usage,
	};
	if (summary.thoughts) result.thoughts = summary.thoughts;
	if (summary.model !== undefined) result.model = summary.model;
	if (summary.responseId !== undefined) result.responseId = summary.responseId;
	return result;
}
