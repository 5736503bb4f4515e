import { htmlOfMail, subjectOfMail } from '../../../tools/brandMonitoring/mailHtml';

// The demo reads the report and the alert back from what n8n's Send Email node (nodemailer) sent
// to the local SMTP sink; these messages are in the shapes nodemailer writes.

const HTML = '<p style="color:#1f4e79">acme — 50 negative</p>\n<b>中文</b>';

test('a single-part message: the transfer encoding is among the top headers', () => {
	const raw = [
		'From: brand-monitor@example.com',
		'Subject: =?UTF-8?Q?acme:_50_negative_mentions_=E2=80=94_a_long_subject_line_that?=',
		' =?UTF-8?Q?_folds?=',
		'Content-Transfer-Encoding: quoted-printable',
		'MIME-Version: 1.0',
		'Content-Type: text/html; charset=utf-8',
		'',
		'<p style=3D"color:#1f4e79">acme =E2=80=94 50 nega=',
		'tive</p>',
		'<b>=E4=B8=AD=E6=96=87</b>',
		'',
	].join('\n');
	expect(htmlOfMail(raw)).toBe(HTML);
	expect(subjectOfMail(raw)).toBe('acme: 50 negative mentions — a long subject line that folds');
});

test('a multipart message: the text/html part, decoded from base64', () => {
	const raw = [
		'Subject: plain subject',
		'Content-Type: multipart/alternative;',
		' boundary="--_NmP-abc"',
		'',
		'----_NmP-abc',
		'Content-Type: text/plain; charset=utf-8',
		'Content-Transfer-Encoding: 7bit',
		'',
		'plain text',
		'----_NmP-abc',
		'Content-Type: text/html; charset=utf-8',
		'Content-Transfer-Encoding: base64',
		'',
		...(Buffer.from(HTML)
			.toString('base64')
			.match(/.{1,20}/g) ?? []),
		'----_NmP-abc--',
		'',
	].join('\r\n');
	expect(htmlOfMail(raw)).toBe(HTML);
	expect(subjectOfMail(raw)).toBe('plain subject');
});

test('a message without HTML is an error, not an empty report', () => {
	expect(() => htmlOfMail('Content-Type: text/plain\n\nhello\n')).toThrow(/no text\/html/);
});
