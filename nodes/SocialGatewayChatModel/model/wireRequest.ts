import type { ContentFile, Message, MessageContent, Tool } from '@n8n/ai-node-sdk';
import { toolParametersSchema } from './toolSchema';

/** The SDK's messages and tools as a `POST /v1/chat/completions` body (OpenAI wire format). */

export interface WireToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

type WirePart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface WireMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | WirePart[] | null;
	tool_calls?: WireToolCall[];
	tool_call_id?: string;
	name?: string;
}

export interface WireTool {
	type: 'function';
	function: { name: string; description?: string; parameters: unknown };
}

/** What a request sends besides messages and tools: the node's options, as the interface names them. */
export interface SamplingSettings {
	temperature?: number;
	max_tokens?: number;
	top_p?: number;
	frequency_penalty?: number;
	presence_penalty?: number;
	stop?: string[];
	seed?: number;
}

const textOf = (content: MessageContent[]) =>
	content
		.filter((block): block is Extract<MessageContent, { type: 'text' }> => block.type === 'text')
		.map((block) => block.text)
		.join('');

function imagePart(file: ContentFile): WirePart | undefined {
	if (!file.mediaType?.startsWith('image/')) return undefined;
	const data =
		typeof file.data === 'string' ? file.data : Buffer.from(file.data).toString('base64');
	const url = /^(https?:|data:)/.test(data) ? data : `data:${file.mediaType};base64,${data}`;
	return { type: 'image_url', image_url: { url } };
}

function userContent(content: MessageContent[]): string | WirePart[] {
	const images = content
		.filter((block): block is ContentFile => block.type === 'file')
		.map(imagePart)
		.filter((part): part is WirePart => part !== undefined);
	if (images.length === 0) return textOf(content);
	return [{ type: 'text', text: textOf(content) }, ...images];
}

function toolCallsOf(content: MessageContent[]): WireToolCall[] {
	return content
		.filter(
			(block): block is Extract<MessageContent, { type: 'tool-call' }> =>
				block.type === 'tool-call',
		)
		.map((block, index) => ({
			id: block.toolCallId ?? `call_${index}`,
			type: 'function',
			function: { name: block.toolName, arguments: block.input },
		}));
}

const resultText = (result: unknown) =>
	typeof result === 'string' ? result : JSON.stringify(result);

/** One SDK message can be several wire messages: a tool message carries one result per call. */
function wireMessagesOf(message: Message): WireMessage[] {
	switch (message.role) {
		case 'system':
			return [{ role: 'system', content: textOf(message.content) }];
		case 'user':
			return [{ role: 'user', content: userContent(message.content) }];
		case 'assistant': {
			const toolCalls = toolCallsOf(message.content);
			const text = textOf(message.content);
			if (toolCalls.length === 0) return [{ role: 'assistant', content: text }];
			return [{ role: 'assistant', content: text === '' ? null : text, tool_calls: toolCalls }];
		}
		case 'tool':
			return message.content
				.filter(
					(block): block is Extract<MessageContent, { type: 'tool-result' }> =>
						block.type === 'tool-result',
				)
				.map((block) => ({
					role: 'tool',
					tool_call_id: block.toolCallId,
					content: resultText(block.result),
				}));
	}
}

export function wireMessages(messages: Message[]): WireMessage[] {
	return messages.flatMap(wireMessagesOf);
}

/** Function tools in the wire format; provider tools (a vendor's built-in search, …) mean nothing to the gateway. */
export function wireTools(tools: Tool[]): WireTool[] {
	return tools
		.filter((tool): tool is Extract<Tool, { type: 'function' }> => tool.type === 'function')
		.map((tool) => ({
			type: 'function',
			function: {
				name: tool.name,
				description: tool.description,
				parameters: toolParametersSchema(tool),
			},
		}));
}

export function chatCompletionBody(
	model: string,
	messages: Message[],
	tools: Tool[],
	settings: SamplingSettings,
	stream: boolean,
) {
	const defined = Object.fromEntries(
		Object.entries(settings).filter(([, value]) => value !== undefined),
	);
	const wired = wireTools(tools);
	return {
		model,
		messages: wireMessages(messages),
		...(wired.length > 0 ? { tools: wired } : {}),
		...defined,
		...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
	};
}
