import { redactSecret } from '../../nodes/shared/transport/redact';
import { StreamRedactor } from '../../nodes/shared/transport/streamRedactor';

// A streamed answer comes in pieces cut anywhere: the key echoed in it, in any form the redaction
// knows, must be masked whatever the cuts, and the text around it must come out unchanged.

const KEY = 'sk-live-Ab/c+d 9~x';
const bytes = Buffer.from(KEY, 'utf8');
const FORMS = [
	KEY,
	encodeURIComponent(KEY),
	[...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
	bytes.toString('base64'),
	bytes.toString('base64url'),
];
const TEXT = `Here: ${FORMS.join(' and ')}. Bye, s`;

function streamed(pieces: string[]): string {
	const redactor = new StreamRedactor(KEY);
	return pieces.map((piece) => redactor.push(piece)).join('') + redactor.end();
}

test('the text is masked the same whatever two or three pieces it comes in', () => {
	const whole = redactSecret(TEXT, KEY);
	expect(whole).toBe('Here: *** and *** and *** and *** and ***. Bye, s');
	for (let first = 0; first <= TEXT.length; first++) {
		expect(streamed([TEXT.slice(0, first), TEXT.slice(first)])).toBe(whole);
		const second = Math.min(TEXT.length, first + 7);
		expect(streamed([TEXT.slice(0, first), TEXT.slice(first, second), TEXT.slice(second)])).toBe(
			whole,
		);
	}
});

test('one character at a time, nothing of the key is handed on before the end', () => {
	const redactor = new StreamRedactor(KEY);
	const handed = [...TEXT].map((character) => redactor.push(character));
	const all = handed.join('') + redactor.end();
	expect(all).toBe(redactSecret(TEXT, KEY));
	for (const form of FORMS) expect(handed.join('')).not.toContain(form.slice(0, 6));
});

test('without a key the pieces go through as they come', () => {
	const redactor = new StreamRedactor(undefined);
	expect(redactor.push('abc')).toBe('abc');
	expect(redactor.end()).toBe('');
});

test('only what could begin a form of the key waits: other text goes on at once', () => {
	const redactor = new StreamRedactor(KEY);
	expect(redactor.push('Hello world. ')).toBe('Hello world. ');
	expect(redactor.push('The sk')).toBe('The ');
	expect(redactor.push('y is blue. %73%6B')).toBe('sky is blue. ');
	expect(redactor.push('-live-Ab%2fc%2Bd+9~x!')).toBe('***!');
	expect(redactor.end()).toBe('');
});
