import type { FinishReason, StreamChunk, TokenUsage } from '@n8n/ai-node-sdk';
import type { WireUsage } from './wireAnswer';
import { finishReasonOf, usageOf } from './wireAnswer';

/**
 * The events of a streamed chat completion as the SDK's stream chunks. OpenAI names a tool call's id
 * only in its first delta and the later ones by index: every delta here carries the id, so the
 * LangChain adapter (which puts every tool-call delta at index 0) keeps parallel calls apart.
 */

export interface WireDeltaToolCall {
	index?: unknown;
	id?: unknown;
	function?: { name?: unknown; arguments?: unknown };
}

export interface WireChunk {
	choices?: Array<{
		delta?: { content?: unknown; reasoning_content?: unknown; tool_calls?: WireDeltaToolCall[] };
		finish_reason?: unknown;
	}>;
	usage?: WireUsage;
}

export class ChatStreamTranslator {
	private readonly idsByIndex = new Map<number, string>();

	private finishReason: FinishReason = 'other';

	private usage: TokenUsage | undefined;

	/** The chunks one event yields. */
	accept(event: WireChunk): StreamChunk[] {
		const chunks: StreamChunk[] = [];
		const choice = event.choices?.[0];
		const delta = choice?.delta;
		if (typeof delta?.reasoning_content === 'string' && delta.reasoning_content !== '') {
			chunks.push({ type: 'reasoning-delta', delta: delta.reasoning_content });
		}
		if (typeof delta?.content === 'string' && delta.content !== '')
			chunks.push({ type: 'text-delta', delta: delta.content });
		for (const call of delta?.tool_calls ?? []) chunks.push(this.toolCallDelta(call));
		if (choice?.finish_reason) this.finishReason = finishReasonOf(choice.finish_reason);
		if (event.usage) this.usage = usageOf(event.usage);
		return chunks;
	}

	/** The closing chunk, once the stream said `[DONE]`. */
	finish(): StreamChunk {
		return { type: 'finish', finishReason: this.finishReason, usage: this.usage };
	}

	private toolCallDelta(call: WireDeltaToolCall): StreamChunk {
		const index = typeof call.index === 'number' ? call.index : 0;
		if (typeof call.id === 'string' && call.id !== '') this.idsByIndex.set(index, call.id);
		if (!this.idsByIndex.has(index)) this.idsByIndex.set(index, `call_${index}`);
		const name = typeof call.function?.name === 'string' ? call.function.name : undefined;
		const argumentsDelta =
			typeof call.function?.arguments === 'string' ? call.function.arguments : undefined;
		return { type: 'tool-call-delta', id: this.idsByIndex.get(index), name, argumentsDelta };
	}
}
