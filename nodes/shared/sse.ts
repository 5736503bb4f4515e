/**
 * Server-Sent Events framing (WHATWG "event stream" parsing), fed incrementally: events may be split
 * anywhere across network chunks, lines end with `\n`, `\r\n` or `\r`, a blank line ends an event.
 * Parsed here, not by a library: n8n's helpers hand over the raw stream, and a verified pack ships
 * no runtime dependency.
 */

export interface SseEvent {
	/** The `event:` field; `message` when the event named none. */
	event: string;
	/** The `data:` lines of the event joined with `\n`. */
	data: string;
	id?: string;
}

/** A line longer than this (no line end in sight) is not an event stream any more. */
export const SSE_LINE_LIMIT_CHARS = 16 * 1024 * 1024;

export class SseLineTooLong extends Error {
	constructor(readonly limitChars: number) {
		super(`A line of the event stream is longer than ${limitChars} characters`);
		this.name = 'SseLineTooLong';
	}
}

export class SseParser {
	constructor(private readonly lineLimitChars = SSE_LINE_LIMIT_CHARS) {}

	private pending = '';

	/** A `\r` ended the previous chunk: a `\n` opening the next one belongs to the same line end. */
	private afterCarriageReturn = false;

	private dataLines: string[] = [];

	private eventName = '';

	private hasData = false;

	private lastId: string | undefined;

	/** Takes the next piece of decoded text and returns the events it completed. */
	push(text: string): SseEvent[] {
		const events: SseEvent[] = [];
		let start = 0;
		if (this.afterCarriageReturn && text.startsWith('\n')) start = 1;
		this.afterCarriageReturn = false;
		for (let index = start; index < text.length; index++) {
			const code = text.charCodeAt(index);
			if (code !== 0x0a && code !== 0x0d) continue;
			const line = this.pending + text.slice(start, index);
			this.pending = '';
			this.processLine(line, events);
			if (code === 0x0d) {
				if (index + 1 === text.length) this.afterCarriageReturn = true;
				else if (text.charCodeAt(index + 1) === 0x0a) index++;
			}
			start = index + 1;
		}
		if (start < text.length) this.pending += text.slice(start);
		if (this.pending.length > this.lineLimitChars) throw new SseLineTooLong(this.lineLimitChars);
		return events;
	}

	/**
	 * The stream ended. An event still open (no blank line after it) is delivered rather than dropped:
	 * some servers close right after the last `data:` line.
	 */
	end(): SseEvent[] {
		const events: SseEvent[] = [];
		if (this.pending !== '') this.processLine(this.pending, events);
		this.pending = '';
		this.processLine('', events);
		return events;
	}

	private processLine(line: string, events: SseEvent[]) {
		if (line === '') {
			if (this.hasData) {
				const event: SseEvent = {
					event: this.eventName || 'message',
					data: this.dataLines.join('\n'),
				};
				if (this.lastId !== undefined) event.id = this.lastId;
				events.push(event);
			}
			this.dataLines = [];
			this.hasData = false;
			this.eventName = '';
			return;
		}
		if (line.charCodeAt(0) === 0x3a) return; // a comment line, often a keep-alive
		const colon = line.indexOf(':');
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? '' : line.slice(colon + 1);
		if (value.charCodeAt(0) === 0x20) value = value.slice(1);
		switch (field) {
			case 'data':
				this.dataLines.push(value);
				this.hasData = true;
				break;
			case 'event':
				this.eventName = value;
				break;
			case 'id':
				if (!value.includes('\0')) this.lastId = value;
				break;
			// `retry` (reconnection delay) and unknown fields do not concern a one-shot reader.
		}
	}
}

/** Decodes a byte stream as UTF-8 (characters split across chunks included) and yields its events. */
export async function* readSseEvents(
	body: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<SseEvent> {
	const decoder = new TextDecoder('utf-8');
	const parser = new SseParser();
	for await (const chunk of body) {
		const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
		for (const event of parser.push(text)) yield event;
	}
	const rest = decoder.decode();
	if (rest) for (const event of parser.push(rest)) yield event;
	for (const event of parser.end()) yield event;
}
