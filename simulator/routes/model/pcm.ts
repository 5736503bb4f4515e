/** Speech stand-in: a real waveform (a sine tone) as 16-bit mono little-endian PCM, the format TTS models answer with. */

export const SPEECH_SAMPLE_RATE = 24000;
export const SPEECH_MIME_TYPE = `audio/L16;codec=pcm;rate=${SPEECH_SAMPLE_RATE}`;

/** Reading time the stand-in voice takes per character, and its bounds. */
const SECONDS_PER_CHARACTER = 0.06;
const MIN_SECONDS = 0.5;
const MAX_SECONDS = 15 * 60;

export function speechSeconds(text: string): number {
	return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, [...text].length * SECONDS_PER_CHARACTER));
}

/** `seconds` of a sine tone at `frequency` Hz with short fades (no clicks). */
export function sineTonePcm(
	seconds: number,
	frequency: number,
	sampleRate = SPEECH_SAMPLE_RATE,
): Buffer {
	const samples = Math.round(seconds * sampleRate);
	const pcm = Buffer.alloc(samples * 2);
	const fade = Math.min(samples / 2, sampleRate * 0.01);
	const step = (2 * Math.PI * frequency) / sampleRate;
	for (let index = 0; index < samples; index++) {
		const envelope = Math.min(1, index / fade, (samples - 1 - index) / fade);
		pcm.writeInt16LE(
			Math.round(Math.sin(index * step) * 0.3 * 32767 * Math.max(0, envelope)),
			index * 2,
		);
	}
	return pcm;
}
