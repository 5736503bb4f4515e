import { MASK, redactAnswer, secretSpans } from '../../../shared/transport/redact';

/** The fields in which the streaming interfaces carry generated pieces: text, thoughts, tool arguments. */
const PIECE_FIELDS = new Set([
	'content',
	'text',
	'reasoning_content',
	'thinking',
	'partial_json',
	'arguments',
]);

interface Piece {
	holder: Record<string, unknown> | unknown[];
	key: string | number;
	value: string;
}

/** The string pieces of every event, grouped by where they sit (one running text per path). */
function piecesByPath(events: unknown[]): Map<string, Piece[]> {
	const byPath = new Map<string, Piece[]>();
	const visit = (value: unknown, path: string) => {
		const entries: Array<[string | number, unknown]> = Array.isArray(value)
			? value.map((entry, index) => [index, entry])
			: value && typeof value === 'object'
				? Object.entries(value)
				: [];
		for (const [key, entry] of entries) {
			const at = `${path}.${key}`;
			if (typeof entry === 'string' && typeof key === 'string' && PIECE_FIELDS.has(key)) {
				const pieces = byPath.get(at) ?? [];
				pieces.push({ holder: value as Piece['holder'], key, value: entry });
				byPath.set(at, pieces);
			} else if (entry && typeof entry === 'object') visit(entry, at);
		}
	};
	for (const event of events) visit(event, '');
	return byPath;
}

/** Masks the occurrences of the secret in a running text cut into pieces: the first piece of each gets the mask, the others lose their part. */
function maskAcrossPieces(pieces: Piece[], secret: string) {
	const joined = pieces.map((piece) => piece.value).join('');
	const spans = secretSpans(joined, secret);
	if (spans.length === 0) return;
	let from = 0;
	for (const piece of pieces) {
		const to = from + piece.value.length;
		let kept = '';
		let position = from;
		for (const [start, end] of spans) {
			if (end <= from || start >= to) continue;
			kept += joined.slice(position, Math.max(start, from));
			if (start >= from) kept += MASK;
			position = Math.min(end, to);
		}
		kept += joined.slice(position, to);
		(piece.holder as Record<string | number, unknown>)[piece.key] = kept;
		from = to;
	}
}

/**
 * Redacts the API key from the kept events of a stream, in place. A generated piece may hold the
 * start of an echoed key and the next piece the rest, so the pieces of each field are searched as
 * one running text; only the pieces holding part of the key change. Then every string of every
 * event is redacted on its own.
 */
export function redactEvents(events: unknown[], secret: string | undefined): void {
	if (!secret) return;
	for (const pieces of piecesByPath(events).values()) maskAcrossPieces(pieces, secret);
	redactAnswer(events, secret);
}
