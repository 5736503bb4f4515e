/**
 * The HTML body of a message as an SMTP server received it (n8n's Send Email node, nodemailer):
 * the `text/html` entity, the message itself or a part of a multipart one, decoded from
 * quoted-printable or base64.
 */
export function htmlOfMail(raw: string): string {
	const html = htmlEntity(splitEntity(raw));
	if (!html) throw new Error('the message has no text/html part');
	// The line break before a boundary (or the message's end) belongs to it, not to the HTML.
	const body = html.body.replace(/\r?\n$/, '');
	const encoding = header(html.headers, 'content-transfer-encoding')?.toLowerCase();
	if (encoding === 'base64')
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
	return body;
}

interface Entity {
	headers: string;
	body: string;
}

function splitEntity(text: string): Entity {
	const blank = /\r?\n\r?\n/.exec(text);
	if (!blank) return { headers: text, body: '' };
	return { headers: text.slice(0, blank.index), body: text.slice(blank.index + blank[0].length) };
}

function htmlEntity(entity: Entity): Entity | undefined {
	const type = header(entity.headers, 'content-type') ?? '';
	if (/^text\/html/i.test(type)) return entity;
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	if (!/^multipart\//i.test(type) || !boundary) return undefined;
	const parts = entity.body.split(`--${boundary}`).slice(1, -1);
	for (const part of parts) {
		const found = htmlEntity(splitEntity(part.replace(/^\r?\n/, '')));
		if (found) return found;
	}
	return undefined;
}

/** A header's value, folded lines joined. */
function header(headers: string, name: string): string | undefined {
	const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(headers);
	return match?.[1].replace(/\r?\n[ \t]/g, ' ').trim();
}

/** The subject line, with RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded. */
export function subjectOfMail(raw: string): string {
	return (header(splitEntity(raw).headers, 'subject') ?? '')
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
			kind.toLowerCase() === 'b'
				? Buffer.from(text, 'base64').toString('utf8')
				: decodeQuotedPrintable(text.replace(/_/g, ' ')),
		);
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
