import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

/** One request the proxy was asked to carry. */
export interface ProxiedRequest {
	/** `GET`, `POST`, … for a plain HTTP request in absolute-URI form; `CONNECT` for a tunnel. */
	method: string;
	/** The absolute URI (`http://host:port/path?query`), or `host:port` of a CONNECT. */
	target: string;
	/** `host:port` the proxy connected to, or undefined when it refused the target. */
	upstream?: string;
	/** Status the proxy answered with itself (502 when it could not reach or would not reach the target). */
	proxyStatus?: number;
	headers: http.IncomingHttpHeaders;
}

export interface ForwardProxyOptions {
	/**
	 * Name (or `name:port`) of a target -> `host:port` the proxy connects to instead. Names that
	 * exist only here (`gateway.proxied.test`) can be reached only through the proxy, so a client
	 * that goes direct fails to resolve them instead of quietly reaching the service.
	 */
	hosts?: Record<string, string>;
	/** Also connect to targets not named in `hosts` (default false: they get a 502). */
	forwardUnknown?: boolean;
}

export interface ForwardProxy {
	/** http://127.0.0.1:<port> */
	url: string;
	requests: ProxiedRequest[];
	close(): Promise<void>;
}

/**
 * A small forward HTTP proxy for tests: absolute-URI requests (`GET http://host/path HTTP/1.1`) are
 * relayed, CONNECT opens a raw tunnel, and every request is recorded with its target. It never
 * reaches the internet: targets not listed in `hosts` are refused unless `forwardUnknown` is set.
 */
export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
	const requests: ProxiedRequest[] = [];
	const sockets = new Set<net.Socket>();

	const upstreamOf = (host: string, port: number): { host: string; port: number } | undefined => {
		const mapped = options.hosts?.[`${host}:${port}`] ?? options.hosts?.[host];
		if (mapped) {
			const [mappedHost, mappedPort] = splitHostPort(mapped, port);
			return { host: mappedHost, port: mappedPort };
		}
		return options.forwardUnknown ? { host, port } : undefined;
	};

	const server = http.createServer((req, res) => {
		const record: ProxiedRequest = {
			method: req.method ?? 'GET',
			target: req.url ?? '',
			headers: req.headers,
		};
		requests.push(record);
		let target: URL;
		try {
			target = new URL(req.url ?? '');
			if (target.protocol !== 'http:') throw new Error('not http');
		} catch {
			record.proxyStatus = 400;
			res
				.writeHead(400, { 'content-type': 'text/plain' })
				.end('forward proxy: absolute http:// URI expected\n');
			return;
		}
		const upstream = upstreamOf(target.hostname, Number(target.port || 80));
		if (!upstream) {
			record.proxyStatus = 502;
			res
				.writeHead(502, { 'content-type': 'text/plain' })
				.end(`forward proxy: ${target.host} is not reachable from here\n`);
			return;
		}
		record.upstream = `${upstream.host}:${upstream.port}`;
		const headers = { ...req.headers };
		delete headers['proxy-connection'];
		delete headers['proxy-authorization'];
		const forwarded = http.request(
			{
				host: upstream.host,
				port: upstream.port,
				method: req.method,
				path: `${target.pathname}${target.search}`,
				headers,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		forwarded.on('error', (error) => {
			record.proxyStatus = 502;
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`forward proxy: ${error.message}\n`);
		});
		req.pipe(forwarded);
	});

	server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		const record: ProxiedRequest = {
			method: 'CONNECT',
			target: req.url ?? '',
			headers: req.headers,
		};
		requests.push(record);
		const [host, port] = splitHostPort(req.url ?? '', 443);
		const upstream = upstreamOf(host, port);
		if (!upstream) {
			record.proxyStatus = 502;
			client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
			return;
		}
		record.upstream = `${upstream.host}:${upstream.port}`;
		const tunnel = net.connect(upstream.port, upstream.host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length > 0) tunnel.write(head);
			tunnel.pipe(client);
			client.pipe(tunnel);
		});
		const closeBoth = () => {
			tunnel.destroy();
			client.destroy();
		};
		tunnel.on('error', () => {
			record.proxyStatus = 502;
			if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
			closeBoth();
		});
		client.on('error', closeBoth);
	});

	server.on('connection', (socket: net.Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: () =>
			new Promise<void>((resolve, reject) => {
				for (const socket of sockets) socket.destroy();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}

function splitHostPort(value: string, defaultPort: number): [string, number] {
	const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
	if (bracketed) return [bracketed[1], bracketed[2] ? Number(bracketed[2]) : defaultPort];
	const colon = value.lastIndexOf(':');
	if (colon > 0 && /^\d+$/.test(value.slice(colon + 1)))
		return [value.slice(0, colon), Number(value.slice(colon + 1))];
	return [value, defaultPort];
}
