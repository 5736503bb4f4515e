import type { HttpRoute, SimContext, SimRequest, SimResponse } from '../types';
import { readConversation } from './conversation';
import { isForeignModelId } from './catalog';
import { answering, badRequest, messagesError, unknownModel } from './problems';
import { limitTokens, replyTo, STREAM_ERROR_MARK, streamPieces, tokensOf } from './replies';
import { messagesEvent, SSE_HEADERS } from './sse';

/**
 * `POST /v1/messages` in the Anthropic messages shape; streams with `message_start`,
 * `content_block_*`, `ping`, `message_delta`, `message_stop` (and `error` when asked to fail).
 */

function handleMessages(request: SimRequest, ctx: SimContext): SimResponse {
	const body = request.json() as Record<string, any>;
	if (isForeignModelId(body?.model, ctx.options.interfaceNames)) throw unknownModel(body.model);
	if (body && typeof body === 'object' && body.max_tokens === undefined)
		throw badRequest('max_tokens: Field required');
	const conversation = readConversation(body, ['user', 'assistant'], body?.system);
	const maxTokens = body.max_tokens;
	if (!(Number.isInteger(maxTokens) && maxTokens > 0))
		throw badRequest('max_tokens: must be a positive integer');
	if (body.stream !== undefined && typeof body.stream !== 'boolean')
		throw badRequest('stream: must be a boolean');

	const limited = limitTokens(replyTo(conversation, body.model), maxTokens);
	const stopReason = limited.cut ? 'max_tokens' : 'end_turn';
	const inputTokens = tokensOf(conversation.promptText);
	const outputTokens = tokensOf(limited.text);
	const id = `msg_${ctx.requestId.slice(0, 24)}`;

	if (!body.stream) {
		return {
			status: 200,
			body: {
				id,
				type: 'message',
				role: 'assistant',
				model: body.model,
				content: [{ type: 'text', text: limited.text }],
				stop_reason: stopReason,
				stop_sequence: null,
				usage: { input_tokens: inputTokens, output_tokens: outputTokens },
			},
		};
	}
	const events = [
		messagesEvent('message_start', {
			message: {
				id,
				type: 'message',
				role: 'assistant',
				model: body.model,
				content: [],
				stop_reason: null,
				stop_sequence: null,
				usage: { input_tokens: inputTokens, output_tokens: 1 },
			},
		}),
		messagesEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
		messagesEvent('ping', {}),
		...streamPieces(limited.text).map((text) =>
			messagesEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
		),
	];
	if (conversation.lastUser.includes(STREAM_ERROR_MARK)) {
		events.splice(
			4,
			events.length,
			messagesEvent('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
		);
		return { status: 200, headers: SSE_HEADERS, chunks: events };
	}
	events.push(
		messagesEvent('content_block_stop', { index: 0 }),
		messagesEvent('message_delta', {
			delta: { stop_reason: stopReason, stop_sequence: null },
			usage: { output_tokens: outputTokens },
		}),
		messagesEvent('message_stop', {}),
	);
	return { status: 200, headers: SSE_HEADERS, chunks: events };
}

export const messagesRoutes: HttpRoute[] = [
	{
		method: 'POST',
		path: '/v1/messages',
		identify: () => ({ endpoint: 'v1/messages' }),
		handle: (request, ctx) => answering(() => handleMessages(request, ctx), messagesError),
	},
];
