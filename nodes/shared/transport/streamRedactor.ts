import { formsOf, redactSecret } from './redact';

/** A percent-encoded byte as `%XX`, compared without case. */
const percentOf = (character: string) =>
	[...Buffer.from(character, 'utf8')]
		.map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
		.join('');

/** Whether `tail` is the beginning (not the whole) of the secret, each character as is, percent-encoded or `+` for a space. */
function beginsEncoded(tail: string, characters: string[], index = 0): boolean {
	if (tail === '') return true;
	if (index === characters.length) return false;
	const character = characters[index];
	const spellings = [character, percentOf(character), ...(character === ' ' ? ['+'] : [])];
	return spellings.some((spelling) => {
		const caseless = spelling !== character;
		const head = caseless ? tail.toLowerCase() : tail;
		if (head.length < spelling.length) return spelling.startsWith(head);
		return (
			head.startsWith(spelling) && beginsEncoded(tail.slice(spelling.length), characters, index + 1)
		);
	});
}

/** Whether more text could turn `tail` into a form of the secret. */
function mayBeginForm(tail: string, secret: string): boolean {
	const bytes = Buffer.from(secret, 'utf8');
	const base64Forms = [bytes.toString('base64'), bytes.toString('base64url')];
	return (
		base64Forms.some((form) => form.length > tail.length && form.startsWith(tail)) ||
		beginsEncoded(tail, [...secret])
	);
}

/**
 * Redacts the secret from a text that arrives in pieces (the deltas of a streamed answer), where a
 * form of the secret may start in one piece and end in another: the end of the text so far that
 * could still grow into one is held back until the next piece comes, or the stream ends. Text that
 * cannot begin the secret goes on at once.
 */
export class StreamRedactor {
	private held = '';

	constructor(private readonly secret: string | undefined) {}

	/** The redacted text that is safe to hand on now ('' while all of it is held back). */
	push(piece: string): string {
		const { secret } = this;
		if (!secret || secret.length < 4) return piece;
		const text = this.held + piece;
		const { pattern, longest } = formsOf(secret);
		let cut = text.length;
		for (let start = Math.max(0, text.length - (longest - 1)); start < text.length; start++) {
			if (mayBeginForm(text.slice(start), secret)) {
				cut = start;
				break;
			}
		}
		for (const match of text.matchAll(pattern)) {
			const end = match.index + match[0].length;
			if (match.index < cut && end > cut) cut = end;
		}
		this.held = text.slice(cut);
		return redactSecret(text.slice(0, cut), secret);
	}

	/** What was held back, redacted: the stream ended. */
	end(): string {
		const rest = redactSecret(this.held, this.secret);
		this.held = '';
		return rest;
	}
}
