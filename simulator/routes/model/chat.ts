import type { HttpRoute, SimContext, SimRequest, SimResponse } from '../types';
import { readConversation } from './conversation';
import { isForeignModelId } from './catalog';
import { answering, badRequest, openAiError, unknownModel } from './problems';
import { limitTokens, replyTo, STREAM_ERROR_MARK, streamPieces, tokensOf } from './replies';
import { CHAT_DONE, chatEvent, SSE_HEADERS } from './sse';
import type { PlannedToolCall } from './toolCalling';
import { agentTurn, checkToolProtocol, readTools } from './toolCalling';

/** `POST /v1/chat/completions` in the OpenAI chat completion shape, with `stream` as `data:` chunks and `[DONE]`. */

function handleChat(request: SimRequest, ctx: SimContext): SimResponse {
	const body = request.json() as Record<string, any>;
	if (isForeignModelId(body?.model, ctx.options.interfaceNames)) throw unknownModel(body.model);
	const conversation = readConversation(body, ['system', 'user', 'assistant', 'tool']);
	checkToolProtocol(body.messages);
	const tools = readTools(body);
	const { temperature, max_tokens: maxTokens, stream } = body;
	if (
		temperature !== undefined &&
		!(typeof temperature === 'number' && temperature >= 0 && temperature <= 2)
	) {
		throw badRequest('temperature must be a number from 0 to 2');
	}
	if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0))
		throw badRequest('max_tokens must be a positive integer');
	if (stream !== undefined && typeof stream !== 'boolean')
		throw badRequest('stream must be a boolean');

	const turn = agentTurn(body, tools, conversation.lastUser);
	if (turn.kind === 'tool-calls')
		return toolCallAnswer(body.model, turn.calls, conversation.promptText, ctx, stream === true);
	const limited = limitTokens(
		turn.kind === 'answer' ? turn.text : replyTo(conversation, body.model),
		maxTokens,
	);
	const finishReason = limited.cut ? 'length' : 'stop';
	const usage = {
		prompt_tokens: tokensOf(conversation.promptText),
		completion_tokens: tokensOf(limited.text),
		total_tokens: tokensOf(conversation.promptText) + tokensOf(limited.text),
	};
	const id = `chatcmpl-${ctx.requestId.slice(0, 24)}`;
	const created = Math.floor(ctx.clock.now() / 1000);

	if (!stream) {
		return {
			status: 200,
			body: {
				id,
				object: 'chat.completion',
				created,
				model: body.model,
				choices: [
					{
						index: 0,
						message: { role: 'assistant', content: limited.text },
						finish_reason: finishReason,
					},
				],
				usage,
			},
		};
	}
	const chunk = (
		delta: Record<string, unknown>,
		finish: string | null,
		extra: Record<string, unknown> = {},
	) =>
		chatEvent({
			id,
			object: 'chat.completion.chunk',
			created,
			model: body.model,
			choices: [{ index: 0, delta, finish_reason: finish }],
			...extra,
		});
	const events = [
		chunk({ role: 'assistant', content: '' }, null),
		...streamPieces(limited.text).map((piece) => chunk({ content: piece }, null)),
	];
	if (conversation.lastUser.includes(STREAM_ERROR_MARK)) {
		events.splice(
			2,
			events.length,
			chatEvent({
				error: {
					message: 'The upstream model failed while streaming',
					type: 'server_error',
					code: 'upstream_error',
				},
			}),
		);
		return { status: 200, headers: SSE_HEADERS, chunks: events };
	}
	events.push(
		chunk({}, finishReason),
		chatEvent({
			id,
			object: 'chat.completion.chunk',
			created,
			model: body.model,
			choices: [],
			usage,
		}),
		CHAT_DONE,
	);
	return { status: 200, headers: SSE_HEADERS, chunks: events };
}

/** An assistant turn that calls tools: `tool_calls` in the message, or streamed as deltas (name first, then the arguments in pieces). */
function toolCallAnswer(
	model: string,
	calls: PlannedToolCall[],
	promptText: string,
	ctx: SimContext,
	stream: boolean,
): SimResponse {
	const id = `chatcmpl-${ctx.requestId.slice(0, 24)}`;
	const created = Math.floor(ctx.clock.now() / 1000);
	const completionTokens = tokensOf(calls.map((call) => call.name + call.arguments).join(''));
	const usage = {
		prompt_tokens: tokensOf(promptText),
		completion_tokens: completionTokens,
		total_tokens: tokensOf(promptText) + completionTokens,
	};
	const toolCalls = calls.map((call) => ({
		id: call.id,
		type: 'function',
		function: { name: call.name, arguments: call.arguments },
	}));
	if (!stream) {
		return {
			status: 200,
			body: {
				id,
				object: 'chat.completion',
				created,
				model,
				choices: [
					{
						index: 0,
						message: { role: 'assistant', content: null, tool_calls: toolCalls },
						finish_reason: 'tool_calls',
					},
				],
				usage,
			},
		};
	}
	const chunk = (delta: Record<string, unknown>, finish: string | null) =>
		chatEvent({
			id,
			object: 'chat.completion.chunk',
			created,
			model,
			choices: [{ index: 0, delta, finish_reason: finish }],
		});
	const events = [chunk({ role: 'assistant', content: null }, null)];
	calls.forEach((call, index) => {
		events.push(
			chunk(
				{
					tool_calls: [
						{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
					],
				},
				null,
			),
		);
		for (const piece of call.arguments.match(/.{1,12}/gs) ?? [])
			events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
	});
	events.push(
		chunk({}, 'tool_calls'),
		chatEvent({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }),
		CHAT_DONE,
	);
	return { status: 200, headers: SSE_HEADERS, chunks: events };
}

export const chatRoutes: HttpRoute[] = [
	{
		method: 'POST',
		path: '/v1/chat/completions',
		identify: () => ({ endpoint: 'v1/chat/completions' }),
		handle: (request, ctx) => answering(() => handleChat(request, ctx), openAiError),
	},
];
