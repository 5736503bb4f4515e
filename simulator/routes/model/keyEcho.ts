import { isRecord } from '../../objectPaths';
import type { SimResponse } from '../types';

/**
 * The `echo-key` model answer fault: a model that repeats the caller's API key in a successful
 * answer (a prompt injection, a service that reflects its request). The key goes out as sent,
 * percent-encoded byte by byte, in base64 and in base64url, before the answer's own text. In a
 * stream the echo comes in events of a few characters each (shaped like the answer's first text
 * event), so no one event holds a whole form of the key: only a client that redacts across events
 * removes it.
 */

const PIECE_CHARS = 5;

export function keyEchoText(apiKey: string): string {
	const bytes = Buffer.from(apiKey, 'utf8');
	const percent = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
	return `Your key is ${apiKey}, encoded ${percent}, base64 ${bytes.toString('base64')}, base64url ${bytes.toString('base64url')}. `;
}

type Json = Record<string, any>;

/** The generated text of one stream event of any interface, as a getter and setter; none when it carries no text. */
function textSlot(event: Json): { get(): string; set(text: string): void } | undefined {
	const chatDelta = event.choices?.[0]?.delta;
	if (isRecord(chatDelta) && typeof chatDelta.content === 'string' && chatDelta.content !== '')
		return { get: () => chatDelta.content as string, set: (text) => (chatDelta.content = text) };
	const messagesDelta = event.type === 'content_block_delta' ? event.delta : undefined;
	if (isRecord(messagesDelta) && typeof messagesDelta.text === 'string')
		return { get: () => messagesDelta.text as string, set: (text) => (messagesDelta.text = text) };
	const parts: unknown = event.candidates?.[0]?.content?.parts;
	const part = Array.isArray(parts)
		? (parts as Json[]).find((entry) => typeof entry?.text === 'string' && !entry.thought)
		: undefined;
	if (part) return { get: () => part.text as string, set: (text) => (part.text = text) };
	return undefined;
}

const DATA_LINE = /^data: (.*)$/m;

/** The JSON data of one SSE event (`event:` and `data:` lines); none for `[DONE]`. */
function eventData(chunk: string): Json | undefined {
	const match = DATA_LINE.exec(chunk);
	if (!match || match[1].trim() === '[DONE]') return undefined;
	return JSON.parse(match[1]) as Json;
}

/** The answer with the key echoed at the start of its text: in the text itself, or over the events of a stream. */
export function withKeyEcho(response: SimResponse, apiKey: string): SimResponse {
	const echo = keyEchoText(apiKey);
	if (Array.isArray(response.chunks)) {
		const chunks = response.chunks as string[];
		const first = chunks.findIndex((chunk) => {
			const data = eventData(chunk);
			return data !== undefined && textSlot(data) !== undefined;
		});
		if (first === -1) return response;
		// Events like the answer's first text event, each with a piece of the echo, go before it.
		const pieces = echo.match(new RegExp(`[^]{1,${PIECE_CHARS}}`, 'g')) ?? [];
		const echoed = pieces.map((piece) => {
			const data = eventData(chunks[first])!;
			textSlot(data)!.set(piece);
			return chunks[first].replace(DATA_LINE, () => `data: ${JSON.stringify(data)}`);
		});
		return { ...response, chunks: [...chunks.slice(0, first), ...echoed, ...chunks.slice(first)] };
	}
	if (!isRecord(response.body)) return response;
	const body = structuredClone(response.body) as Json;
	const slot =
		textSlot({ choices: [{ delta: body.choices?.[0]?.message }] }) ??
		textSlot({
			type: 'content_block_delta',
			delta: body.content?.find((b: Json) => b?.type === 'text'),
		}) ??
		textSlot(body);
	slot?.set(echo + slot.get());
	return { ...response, body };
}
