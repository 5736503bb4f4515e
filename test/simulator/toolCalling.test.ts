import { brandOf } from '../../simulator/routes/model/toolCalling';
import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';

/** Chat completions with tools in the OpenAI wire format: the deterministic agent brain, plain and streamed. */

const read = (response: Response): Promise<any> => response.json();

const searchTool = {
	type: 'function',
	function: {
		name: 'Search_Notes',
		description: 'Search notes that mention a brand',
		parameters: {
			type: 'object',
			properties: {
				keyword: { type: 'string', description: 'Brand or topic to search for' },
				page: { type: 'integer', minimum: 1 },
			},
			required: ['keyword', 'page'],
		},
	},
};
const userInfoTool = {
	type: 'function',
	function: {
		name: 'Get_User',
		description: 'Profile of a user by id',
		parameters: {
			type: 'object',
			properties: { user_id: { type: 'string' } },
			required: ['user_id'],
		},
	},
};
const question = {
	role: 'user',
	content: 'What are people saying about Acme this week, and which posts should we answer?',
};

/** The data events of an SSE body, parsed (without `[DONE]`). */
async function events(response: Response): Promise<any[]> {
	const text = await response.text();
	expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
	return text
		.split('\n\n')
		.map((block) => block.replace(/^data: /, '').trim())
		.filter((data) => data !== '' && data !== '[DONE]')
		.map((data) => JSON.parse(data));
}

describe('simulator: chat completions with tool calling', () => {
	let sim: Simulator;
	const chat = (body: Record<string, unknown>) =>
		fetch(`${sim.url}/v1/chat/completions`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${SIMULATOR_API_KEY}` },
			body: JSON.stringify({ model: 'gemini-2.5-flash', ...body }),
		});

	useSimulator((started) => (sim = started), { reset: 'never' });

	test('the brand is read off the question', () => {
		expect(
			brandOf('What are people saying about Acme this week, and which posts should we answer?'),
		).toBe('Acme');
		expect(brandOf('Anything new about "Blue Bottle"?')).toBe('Blue Bottle');
		expect(brandOf('Find posts on Globex')).toBe('Globex');
	});

	test('offered tools and no result yet: the search tool is called with the brand and the required fields', async () => {
		const answer = await read(
			await chat({ messages: [question], tools: [userInfoTool, searchTool] }),
		);
		const choice = answer.choices[0];
		expect(choice.finish_reason).toBe('tool_calls');
		expect(choice.message.content).toBeNull();
		expect(choice.message.tool_calls).toHaveLength(1);
		const [call] = choice.message.tool_calls;
		expect(call).toMatchObject({ type: 'function', function: { name: 'Search_Notes' } });
		expect(typeof call.id).toBe('string');
		expect(JSON.parse(call.function.arguments)).toEqual({ keyword: 'Acme', page: 1 });
	});

	test('tool results present: the answer quotes the ids and titles found, negative posts first', async () => {
		const call = {
			id: 'call_a',
			type: 'function',
			function: { name: 'Search_Notes', arguments: '{"keyword":"Acme"}' },
		};
		const results = [
			{ id: '7301234567890123456', title: 'Acme blender arrived broken, terrible support' },
			{ note_id: 'n-2', desc: 'I love my Acme kettle' },
		];
		const answer = await read(
			await chat({
				messages: [
					question,
					{ role: 'assistant', content: null, tool_calls: [call] },
					{ role: 'tool', tool_call_id: 'call_a', content: JSON.stringify(results) },
				],
				tools: [searchTool],
			}),
		);
		const text: string = answer.choices[0].message.content;
		expect(answer.choices[0].finish_reason).toBe('stop');
		expect(answer.choices[0].message.tool_calls).toBeUndefined();
		expect(text).toContain('2 posts mention Acme (1 positive, 0 neutral, 1 negative)');
		expect(
			text.indexOf('[7301234567890123456] "Acme blender arrived broken, terrible support"'),
		).toBeGreaterThan(text.indexOf('Posts to answer first (negative)'));
		expect(text).toContain('[n-2]');
	});

	test('tool_choice "none" and a question without tools get a plain answer', async () => {
		const none = await read(
			await chat({ messages: [question], tools: [searchTool], tool_choice: 'none' }),
		);
		expect(none.choices[0].message.tool_calls).toBeUndefined();
		expect(none.choices[0].message.content).toContain('simulated answer');
	});

	test('streamed: the tool call comes as deltas (id and name first, arguments in pieces), then finish_reason tool_calls', async () => {
		const response = await chat({ messages: [question], tools: [searchTool], stream: true });
		expect(response.headers.get('content-type')).toContain('text/event-stream');
		const chunks = await events(response);
		const deltas = chunks.flatMap((chunk) =>
			chunk.choices.flatMap((choice: any) => choice.delta.tool_calls ?? []),
		);
		expect(deltas[0]).toMatchObject({
			index: 0,
			type: 'function',
			function: { name: 'Search_Notes', arguments: '' },
		});
		expect(deltas.length).toBeGreaterThan(2);
		expect(deltas.slice(1).every((delta: any) => delta.id === undefined && delta.index === 0)).toBe(
			true,
		);
		expect(JSON.parse(deltas.map((delta: any) => delta.function.arguments).join(''))).toEqual({
			keyword: 'Acme',
			page: 1,
		});
		expect(
			chunks
				.flatMap((chunk) => chunk.choices.map((choice: any) => choice.finish_reason))
				.filter(Boolean),
		).toEqual(['tool_calls']);
		expect(chunks[chunks.length - 1].usage.total_tokens).toBeGreaterThan(0);
	});

	test('streamed final answer after tool results', async () => {
		const call = {
			id: 'call_b',
			type: 'function',
			function: { name: 'Search_Notes', arguments: '{}' },
		};
		const response = await chat({
			messages: [
				question,
				{ role: 'assistant', content: null, tool_calls: [call] },
				{ role: 'tool', tool_call_id: 'call_b', content: '[{"id":"42","title":"Acme is great"}]' },
			],
			tools: [searchTool],
			stream: true,
		});
		const text = (await events(response))
			.map((chunk) => chunk.choices[0]?.delta?.content ?? '')
			.join('');
		expect(text).toContain('[42] "Acme is great"');
	});

	test('the protocol is checked: a tool message must answer a call, and every call must be answered', async () => {
		const orphan = await chat({
			messages: [question, { role: 'tool', tool_call_id: 'call_x', content: '[]' }],
			tools: [searchTool],
		});
		expect(orphan.status).toBe(400);
		expect((await read(orphan)).error.message).toContain("role 'tool' must be a response");
		const call = {
			id: 'call_c',
			type: 'function',
			function: { name: 'Search_Notes', arguments: '{}' },
		};
		const unanswered = await chat({
			messages: [
				question,
				{ role: 'assistant', content: null, tool_calls: [call] },
				{ role: 'user', content: 'and?' },
			],
			tools: [searchTool],
		});
		expect(unanswered.status).toBe(400);
		expect((await read(unanswered)).error.message).toContain('call_c');
		const badTools = await chat({
			messages: [question],
			tools: [{ type: 'function', function: { name: 'has space' } }],
		});
		expect(badTools.status).toBe(400);
	});
});
