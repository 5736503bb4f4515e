import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a workflow posted: method, path, content type and the body as text. */
export interface ReceivedPost {
	method: string;
	path: string;
	contentType: string;
	body: string;
}

export interface WebhookReceiver {
	/** http://127.0.0.1:<port>/<path> */
	url: string;
	posts: ReceivedPost[];
	close(): Promise<void>;
}

/**
 * A local stand-in for a team chat's incoming webhook (Slack, Mattermost, Teams): it records every
 * request and answers 200 `ok`, as those services do, so a workflow's chat step runs in a test.
 */
export async function startWebhookReceiver(path = '/hooks/team-chat'): Promise<WebhookReceiver> {
	const posts: ReceivedPost[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			posts.push({
				method: req.method ?? '',
				path: req.url ?? '',
				contentType: String(req.headers['content-type'] ?? ''),
				body: Buffer.concat(chunks).toString('utf8'),
			});
			res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}${path}`,
		posts,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
