/**
 * The HTML body of a message as an SMTP server received it (n8n's Send Email node, nodemailer):
 * the `text/html` part, decoded from quoted-printable or base64.
 */
export function htmlOfMail(raw: string): string {
	const start = raw.search(/^content-type:\s*text\/html/im);
	if (start < 0) throw new Error('the message has no text/html part');
	const part = raw.slice(start);
	const blank = part.search(/\r?\n\r?\n/);
	const headers = part.slice(0, blank);
	let body = part.slice(blank).replace(/^\r?\n\r?\n/, '');
	const boundary = body.search(/^--\S+/m);
	if (boundary >= 0) body = body.slice(0, boundary);
	const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
	if (encoding === 'base64')
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
	return body;
}

/** The subject line, with RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded. */
export function subjectOfMail(raw: string): string {
	const match = /^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(raw);
	if (!match) return '';
	return match[1]
		.replace(/\r?\n[ \t]/g, ' ')
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
			kind.toLowerCase() === 'b'
				? Buffer.from(text, 'base64').toString('utf8')
				: decodeQuotedPrintable(text.replace(/_/g, ' ')),
		)
		.trim();
}

function decodeQuotedPrintable(text: string): string {
	const bytes: number[] = [];
	const joined = text.replace(/=\r?\n/g, '');
	for (let i = 0; i < joined.length; i++) {
		const hex = joined.slice(i + 1, i + 3);
		if (joined[i] === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
			bytes.push(parseInt(hex, 16));
			i += 2;
		} else {
			bytes.push(...Buffer.from(joined[i], 'utf8'));
		}
	}
	return Buffer.from(bytes).toString('utf8');
}
