import * as net from 'node:net';
import type { ImportableCredential } from './n8n/credentials';

/** One message an SMTP client delivered: envelope and the raw DATA (dot-unstuffed). */
export interface SunkMail {
	from: string;
	to: string[];
	data: string;
}

export interface SmtpSink {
	port: number;
	messages: SunkMail[];
	close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 that accepts every message (no TLS, no auth), so a workflow's
 * Send Email node can run as shipped in a test and the test can read what it sent.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
	const messages: SunkMail[] = [];
	const sockets = new Set<net.Socket>();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => undefined);
		let buffer = '';
		let inData = false;
		let data: string[] = [];
		let envelope: { from: string; to: string[] } = { from: '', to: [] };
		const reply = (line: string) => socket.write(`${line}\r\n`);
		reply('220 sink.localhost ESMTP test sink');
		socket.on('data', (chunk: Buffer) => {
			buffer += chunk.toString('utf8');
			for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (inData) {
					if (line === '.') {
						inData = false;
						messages.push({ ...envelope, data: data.join('\n') });
						data = [];
						envelope = { from: '', to: [] };
						reply('250 2.0.0 queued');
					} else {
						data.push(line.startsWith('..') ? line.slice(1) : line);
					}
					continue;
				}
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO') {
					socket.write('250-sink.localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
				} else if (verb === 'HELO') {
					reply('250 sink.localhost');
				} else if (verb === 'MAIL') {
					envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
					reply('250 2.1.0 OK');
				} else if (verb === 'RCPT') {
					envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
					reply('250 2.1.5 OK');
				} else if (verb === 'DATA') {
					inData = true;
					reply('354 End data with <CR><LF>.<CR><LF>');
				} else if (verb === 'QUIT') {
					socket.end('221 2.0.0 Bye\r\n');
				} else {
					reply('250 OK');
				}
			}
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as net.AddressInfo;
	return {
		port,
		messages,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

/**
 * n8n's SMTP credential for a sink: plain SMTP, no login. The import keeps JSON types, and n8n needs
 * the port a number and `secure` a boolean ("false" as text would turn TLS on), while
 * ImportableCredential types its values as text.
 */
export function smtpSinkCredential(
	port: number,
	reference: { id: string; name: string } = { id: 'smtpCredential', name: 'SMTP account' },
): ImportableCredential {
	return {
		...reference,
		type: 'smtp',
		data: {
			user: '',
			password: '',
			host: '127.0.0.1',
			port,
			secure: false,
			disableStartTls: true,
			hostName: '',
		} as unknown as ImportableCredential['data'],
	};
}
