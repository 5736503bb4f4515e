import { Readable } from 'node:stream';
import { Deadline, DeadlineExpired } from '../../nodes/shared/transport/deadline';
import { AnswerTooLarge, readBody } from '../../nodes/shared/transport/readBody';

/** A stream that gives `chunks`, then ends, fails with `error`, or is closed before its end. */
function streamOf(chunks: string[], ending: 'end' | 'close' | Error | 'hang' = 'end'): Readable {
	const stream = new Readable({ read() {} });
	setImmediate(() => {
		for (const chunk of chunks) stream.push(Buffer.from(chunk));
		if (ending === 'end') stream.push(null);
		else if (ending === 'close') stream.destroy();
		else if (ending instanceof Error) stream.destroy(ending);
	});
	return stream;
}

async function read(stream: Readable, limitBytes = 1024, truncate = false, ms = 5_000) {
	const deadline = new Deadline(ms);
	try {
		return await readBody(stream, deadline, limitBytes, truncate);
	} finally {
		deadline.clear();
	}
}

describe('readBody', () => {
	it('reads every chunk up to the end', async () => {
		await expect(read(streamOf(['{"a":', '1}']))).resolves.toEqual(Buffer.from('{"a":1}'));
	});

	it('a stream closed before its end fails as iterating it would (premature close)', async () => {
		await expect(read(streamOf(['{"a":'], 'close'))).rejects.toMatchObject({
			code: 'ERR_STREAM_PREMATURE_CLOSE',
			message: 'Premature close',
		});
	});

	it("a stream's own error comes through as it is", async () => {
		const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
		await expect(read(streamOf(['{"a":'], reset))).rejects.toBe(reset);
	});

	it('past the limit: AnswerTooLarge, or with truncate the first bytes, and the stream is destroyed', async () => {
		const tooLarge = streamOf(['0123456789', '0123456789']);
		await expect(read(tooLarge, 15)).rejects.toBeInstanceOf(AnswerTooLarge);
		expect(tooLarge.destroyed).toBe(true);
		const truncated = streamOf(['0123456789', '0123456789']);
		await expect(read(truncated, 15, true)).resolves.toEqual(Buffer.from('012345678901234'));
		expect(truncated.destroyed).toBe(true);
	});

	it('a body still arriving at the deadline fails with DeadlineExpired and is destroyed', async () => {
		const slow = streamOf(['{"a":'], 'hang');
		await expect(read(slow, 1024, false, 30)).rejects.toBeInstanceOf(DeadlineExpired);
		expect(slow.destroyed).toBe(true);
	});
});
