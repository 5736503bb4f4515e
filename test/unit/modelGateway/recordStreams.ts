import { SIMULATOR_API_KEY, type Simulator } from '../../../simulator';

/** Raw Server-Sent Event bodies of the three protocols, as the simulator sends them. */
export interface RecordedStreams {
	native: string;
	chat: string;
	messages: string;
}

async function raw(
	sim: Simulator,
	path: string,
	body: unknown,
	headers: Record<string, string>,
): Promise<string> {
	const response = await fetch(sim.url + path, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	if (response.status !== 200)
		throw new Error(`${path}: ${response.status} ${await response.text()}`);
	return await response.text();
}

export async function recordStreams(
	sim: Simulator,
	prompt = 'Tell me about the weather in Hangzhou — 天气 ☀️ today, please',
): Promise<RecordedStreams> {
	const native = await raw(
		sim,
		`/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=${SIMULATOR_API_KEY}`,
		{
			contents: [{ role: 'user', parts: [{ text: prompt }] }],
			generationConfig: { thinkingConfig: { includeThoughts: true } },
		},
		{},
	);
	const chat = await raw(
		sim,
		'/v1/chat/completions',
		{ model: 'gemini-2.5-flash', stream: true, messages: [{ role: 'user', content: prompt }] },
		{ authorization: `Bearer ${SIMULATOR_API_KEY}` },
	);
	const messages = await raw(
		sim,
		'/v1/messages',
		{
			model: 'gemini-2.5-flash',
			stream: true,
			max_tokens: 200,
			messages: [{ role: 'user', content: prompt }],
		},
		{ 'x-api-key': SIMULATOR_API_KEY, 'anthropic-version': '2023-06-01' },
	);
	return { native, chat, messages };
}
