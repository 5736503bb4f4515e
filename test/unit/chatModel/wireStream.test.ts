import { generateResultOf } from '../../../nodes/SocialGatewayChatModel/model/wireAnswer';
import {
	ChatStreamTranslator,
	type WireDeltaToolCall,
} from '../../../nodes/SocialGatewayChatModel/model/wireStream';
import { chatCompletionBody } from '../../../nodes/SocialGatewayChatModel/model/wireRequest';

/** The chat completions wire format both ways, as the SDK's messages, results and stream chunks. */

describe('chat completions wire format', () => {
	test('parallel tool calls in a stream: every delta carries its call id, so the adapter keeps them apart', () => {
		const translator = new ChatStreamTranslator();
		const delta = (tool_calls: WireDeltaToolCall[]) => ({ choices: [{ delta: { tool_calls } }] });
		const chunks = [
			...translator.accept(
				delta([{ index: 0, id: 'call_a', function: { name: 'Search_Notes', arguments: '' } }]),
			),
			...translator.accept(
				delta([
					{ index: 1, id: 'call_b', function: { name: 'Search_Articles', arguments: '{"key' } },
				]),
			),
			...translator.accept(delta([{ index: 0, function: { arguments: '{"keyword":"acme"}' } }])),
			...translator.accept(delta([{ index: 1, function: { arguments: 'word":"acme"}' } }])),
			...translator.accept({ choices: [{ delta: {}, finish_reason: 'tool_calls' }] }),
			...translator.accept({
				choices: [],
				usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
			}),
		];
		expect(chunks).toEqual([
			{ type: 'tool-call-delta', id: 'call_a', name: 'Search_Notes', argumentsDelta: '' },
			{ type: 'tool-call-delta', id: 'call_b', name: 'Search_Articles', argumentsDelta: '{"key' },
			{
				type: 'tool-call-delta',
				id: 'call_a',
				name: undefined,
				argumentsDelta: '{"keyword":"acme"}',
			},
			{ type: 'tool-call-delta', id: 'call_b', name: undefined, argumentsDelta: 'word":"acme"}' },
		]);
		expect(translator.finish()).toEqual({
			type: 'finish',
			finishReason: 'tool-calls',
			usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
		});
	});

	test('text and reasoning deltas', () => {
		const translator = new ChatStreamTranslator();
		expect(
			translator.accept({
				choices: [{ delta: { reasoning_content: 'thinking', content: 'Hello' } }],
			}),
		).toEqual([
			{ type: 'reasoning-delta', delta: 'thinking' },
			{ type: 'text-delta', delta: 'Hello' },
		]);
		expect(
			translator.accept({ choices: [{ delta: { content: '' }, finish_reason: 'length' }] }),
		).toEqual([]);
		expect(translator.finish()).toMatchObject({ finishReason: 'length' });
	});

	test('an answer with tool calls and no text becomes tool-call content', () => {
		const result = generateResultOf({
			id: 'chatcmpl-1',
			choices: [
				{
					message: {
						content: null,
						tool_calls: [
							{ id: 'call_a', function: { name: 'Search_Notes', arguments: '{"keyword":"acme"}' } },
						],
					},
					finish_reason: 'tool_calls',
				},
			],
			usage: { prompt_tokens: 3, completion_tokens: 4 },
		});
		expect(result).toMatchObject({
			id: 'chatcmpl-1',
			finishReason: 'tool-calls',
			usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
			message: {
				role: 'assistant',
				content: [
					{
						type: 'tool-call',
						toolCallId: 'call_a',
						toolName: 'Search_Notes',
						input: '{"keyword":"acme"}',
					},
				],
			},
		});
	});

	test('the request: tool calls and results in the wire format, options only when set, stream with usage', () => {
		const body = chatCompletionBody(
			'gemini-2.5-flash',
			[
				{ role: 'system', content: [{ type: 'text', text: 'Be brief' }] },
				{ role: 'user', content: [{ type: 'text', text: 'About acme?' }] },
				{
					role: 'assistant',
					content: [
						{
							type: 'tool-call',
							toolCallId: 'call_a',
							toolName: 'Search_Notes',
							input: '{"keyword":"acme"}',
						},
					],
				},
				{
					role: 'tool',
					content: [
						{ type: 'tool-result', toolCallId: 'call_a', result: [{ id: '7301234567890123456' }] },
					],
				},
			],
			[
				{
					type: 'function',
					name: 'Search_Notes',
					description: 'Search',
					inputSchema: { type: 'object', properties: { keyword: { type: 'string' } } },
				},
			],
			{ temperature: 0.7, max_tokens: undefined },
			true,
		);
		expect(body).toEqual({
			model: 'gemini-2.5-flash',
			messages: [
				{ role: 'system', content: 'Be brief' },
				{ role: 'user', content: 'About acme?' },
				{
					role: 'assistant',
					content: null,
					tool_calls: [
						{
							id: 'call_a',
							type: 'function',
							function: { name: 'Search_Notes', arguments: '{"keyword":"acme"}' },
						},
					],
				},
				{ role: 'tool', tool_call_id: 'call_a', content: '[{"id":"7301234567890123456"}]' },
			],
			tools: [
				{
					type: 'function',
					function: {
						name: 'Search_Notes',
						description: 'Search',
						parameters: { type: 'object', properties: { keyword: { type: 'string' } } },
					},
				},
			],
			temperature: 0.7,
			stream: true,
			stream_options: { include_usage: true },
		});
	});
});
