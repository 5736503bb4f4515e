import { WAV_HEADER_BYTES, wavFromBase64Pcm } from '../../../nodes/shared/wav';

const FORMAT = { sampleRate: 24000, channels: 1, bitsPerSample: 16 };
/** Longer than the 1 Mi characters wavFromBase64Pcm decodes per slice, and not a whole number of slices. */
const PCM_BYTES = 2_500_002;

function noisePcm(bytes: number): Buffer {
	const pcm = Buffer.alloc(bytes);
	for (let index = 0; index < bytes; index++)
		pcm[index] = (Math.imul(index, 2654435761) >>> 13) & 255;
	return pcm;
}

const audioOf = (base64: string) => wavFromBase64Pcm(base64, FORMAT).subarray(WAV_HEADER_BYTES);

describe('WAV from a long base64 answer (decoded in slices)', () => {
	const pcm = noisePcm(PCM_BYTES);

	it('decodes every slice to the same bytes as one decode of the whole string', () => {
		expect(audioOf(pcm.toString('base64')).equals(pcm)).toBe(true);
		expect(audioOf(pcm.toString('base64url')).equals(pcm)).toBe(true);
	});

	it('still decodes right when line breaks or stray characters shift the quanta', () => {
		const base64 = pcm.toString('base64');
		expect(audioOf(base64.replace(/(.{76})/g, '$1\r\n')).equals(pcm)).toBe(true);
		expect(audioOf(` ${base64}`).equals(pcm)).toBe(true);
		expect(audioOf(`${base64.slice(0, 1000)}*${base64.slice(1000)}`).equals(pcm)).toBe(true);
	});

	it('keeps whole frames when the last slice ends on a half sample', () => {
		const odd = noisePcm(PCM_BYTES - 1);
		const audio = audioOf(odd.toString('base64'));
		expect(audio.length).toBe(PCM_BYTES - 2);
		expect(audio.equals(odd.subarray(0, PCM_BYTES - 2))).toBe(true);
	});
});
