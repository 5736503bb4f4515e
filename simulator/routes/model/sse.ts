/** Server-Sent Events framing as each interface writes it. */

export const SSE_HEADERS = {
	'content-type': 'text/event-stream; charset=utf-8',
	'cache-control': 'no-cache',
};

/** Native `alt=sse`: `data: {json}` events separated by CRLF pairs. */
export const nativeEvent = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`;

/** Chat completions: `data: {json}` events, then `data: [DONE]`. */
export const chatEvent = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
export const CHAT_DONE = 'data: [DONE]\n\n';

/** Messages: named events whose data repeats the type. */
export const messagesEvent = (type: string, data: Record<string, unknown>) =>
	`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
