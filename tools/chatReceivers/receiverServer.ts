import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a bot's handler sees it: path, query and the raw body. */
export interface BotRequest {
	path: string;
	query: URLSearchParams;
	contentType: string;
	body: Buffer;
}

/** What the bot answers; the real bots answer most refusals with HTTP 200 and an error code. */
export interface BotAnswer {
	status: number;
	body: Record<string, unknown>;
}

/** One request the receiver answered, with the message when it was accepted. */
export interface ReceivedMessage {
	path: string;
	query: Record<string, string>;
	bytes: number;
	/** The parsed JSON body, or undefined when it did not parse. */
	message: unknown;
	answer: BotAnswer;
	accepted: boolean;
	at: number;
}

export interface ChatReceiver {
	/** http://127.0.0.1:<port>: the base the bot's own path goes after. */
	origin: string;
	/** Every request in arrival order. */
	received: ReceivedMessage[];
	/** The messages the bot would have shown in the group. */
	accepted(): ReceivedMessage[];
	refused(): ReceivedMessage[];
	/** Forgets what was received and the rate-limit history. */
	reset(): void;
	close(): Promise<void>;
}

export type BotHandler = (request: BotRequest, now: number) => BotAnswer;

/** Runs a bot's handler behind node:http on 127.0.0.1 and records every answer. */
export async function startReceiver(
	handler: BotHandler,
	options: { now: () => number; onReset: () => void },
): Promise<ChatReceiver> {
	const received: ReceivedMessage[] = [];
	const server = createServer((req, res) => {
		void readBody(req).then((body) => {
			const url = new URL(req.url ?? '/', 'http://receiver.local');
			const now = options.now();
			const request: BotRequest = {
				path: url.pathname,
				query: url.searchParams,
				contentType: String(req.headers['content-type'] ?? ''),
				body,
			};
			const answer =
				req.method === 'POST'
					? handler(request, now)
					: { status: 405, body: { error: 'method not allowed' } };
			received.push({
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				bytes: body.length,
				message: parseJson(body),
				answer,
				accepted: isAccepted(answer),
				at: now,
			});
			res
				.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
				.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		received,
		accepted: () => received.filter((entry) => entry.accepted),
		refused: () => received.filter((entry) => !entry.accepted),
		reset: () => {
			received.length = 0;
			options.onReset();
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

function isAccepted(answer: BotAnswer): boolean {
	const code = answer.body.code ?? answer.body.errcode;
	return answer.status === 200 && code === 0;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export function parseJson(body: Buffer): unknown {
	try {
		return JSON.parse(body.toString('utf8'));
	} catch {
		return undefined;
	}
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export const isText = (value: unknown): value is string =>
	typeof value === 'string' && value.length > 0;

export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
