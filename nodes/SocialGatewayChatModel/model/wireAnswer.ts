import type { FinishReason, GenerateResult, MessageContent, TokenUsage } from '@n8n/ai-node-sdk';

/** A chat completion (OpenAI wire format) as the SDK's result: text, reasoning, tool calls, finish reason, usage. */

export interface WireUsage {
	prompt_tokens?: unknown;
	completion_tokens?: unknown;
	total_tokens?: unknown;
}

interface WireAnswerToolCall {
	id?: unknown;
	function?: { name?: unknown; arguments?: unknown };
}

export interface WireCompletion {
	id?: unknown;
	model?: unknown;
	usage?: WireUsage;
	choices?: Array<{
		message?: { content?: unknown; reasoning_content?: unknown; tool_calls?: WireAnswerToolCall[] };
		finish_reason?: unknown;
	}>;
}

const FINISH_REASONS: Record<string, FinishReason> = {
	stop: 'stop',
	length: 'length',
	tool_calls: 'tool-calls',
	function_call: 'tool-calls',
	content_filter: 'content-filter',
};

export function finishReasonOf(wire: unknown): FinishReason {
	return typeof wire === 'string' ? (FINISH_REASONS[wire] ?? 'other') : 'other';
}

const count = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value) ? value : Number(value ?? 0) || 0;

export function usageOf(wire: WireUsage | undefined): TokenUsage | undefined {
	if (!wire) return undefined;
	const promptTokens = count(wire.prompt_tokens);
	const completionTokens = count(wire.completion_tokens);
	return {
		promptTokens,
		completionTokens,
		totalTokens: count(wire.total_tokens) || promptTokens + completionTokens,
	};
}

/** Arguments arrive as a JSON string; an object (some servers send one) is written back as JSON. */
export function argumentsText(wire: unknown): string {
	if (typeof wire === 'string') return wire;
	return wire === undefined || wire === null ? '{}' : JSON.stringify(wire);
}

function toolCallContent(call: WireAnswerToolCall, index: number): MessageContent {
	return {
		type: 'tool-call',
		toolCallId: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`,
		toolName: String(call.function?.name ?? ''),
		input: argumentsText(call.function?.arguments),
	};
}

export function generateResultOf(answer: WireCompletion): GenerateResult {
	const choice = answer.choices?.[0];
	const message = choice?.message;
	const content: MessageContent[] = [];
	if (typeof message?.reasoning_content === 'string' && message.reasoning_content !== '') {
		content.push({ type: 'reasoning', text: message.reasoning_content });
	}
	if (typeof message?.content === 'string' && message.content !== '')
		content.push({ type: 'text', text: message.content });
	content.push(...(message?.tool_calls ?? []).map(toolCallContent));
	return {
		id: typeof answer.id === 'string' ? answer.id : undefined,
		finishReason: finishReasonOf(choice?.finish_reason),
		usage: usageOf(answer.usage),
		message: { role: 'assistant', content },
		providerMetadata: typeof answer.model === 'string' ? { model: answer.model } : undefined,
	};
}
