import type { StreamChunk } from '@n8n/ai-node-sdk';
import { StreamRedactor } from '../../shared/transport/streamRedactor';

type PieceChunk = Extract<
	StreamChunk,
	{ type: 'text-delta' | 'reasoning-delta' | 'tool-call-delta' }
>;

const pieceOf = (chunk: PieceChunk): string | undefined =>
	chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : chunk.delta;

const withPiece = (chunk: PieceChunk, piece: string): PieceChunk =>
	chunk.type === 'tool-call-delta'
		? { ...chunk, argumentsDelta: piece }
		: { ...chunk, delta: piece };

/**
 * Keeps the API key out of a streamed answer as its chunks go to the agent: the text, the thoughts
 * and each tool call's arguments are each redacted as one running text, so a key the service
 * echoes over several deltas is caught. What could still grow into a form of the key waits for the
 * next delta of the same kind; `end` hands out what is left.
 */
export class ChunkRedaction {
	private readonly streams = new Map<string, { redactor: StreamRedactor; last: PieceChunk }>();

	constructor(private readonly secret: string | undefined) {}

	*pass(chunks: StreamChunk[]): Generator<StreamChunk> {
		for (const chunk of chunks) {
			const piece =
				chunk.type === 'text-delta' ||
				chunk.type === 'reasoning-delta' ||
				chunk.type === 'tool-call-delta'
					? pieceOf(chunk)
					: undefined;
			if (piece === undefined) {
				yield chunk;
				continue;
			}
			const pieceChunk = chunk as PieceChunk;
			const key = pieceChunk.type === 'tool-call-delta' ? `tool ${pieceChunk.id}` : pieceChunk.type;
			const stream = this.streams.get(key) ?? {
				redactor: new StreamRedactor(this.secret),
				last: pieceChunk,
			};
			stream.last = pieceChunk;
			this.streams.set(key, stream);
			const safe = stream.redactor.push(piece);
			// A tool call's first delta names the tool: it goes on even while its arguments wait.
			if (safe !== '' || (pieceChunk.type === 'tool-call-delta' && pieceChunk.name))
				yield withPiece(pieceChunk, safe);
		}
	}

	*end(): Generator<StreamChunk> {
		for (const { redactor, last } of this.streams.values()) {
			const rest = redactor.end();
			if (rest === '') continue;
			const chunk = withPiece(last, rest);
			yield chunk.type === 'tool-call-delta' ? { ...chunk, name: undefined } : chunk;
		}
		this.streams.clear();
	}
}
