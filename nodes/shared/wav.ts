/**
 * Raw PCM (as speech models return it, e.g. `audio/L16;codec=pcm;rate=24000`) to a playable WAV file.
 */

export interface PcmFormat {
	sampleRate: number;
	channels: number;
	bitsPerSample: number;
}

export const WAV_HEADER_BYTES = 44;

const DEFAULT_PCM_FORMAT: PcmFormat = { sampleRate: 24000, channels: 1, bitsPerSample: 16 };

/**
 * Reads the PCM layout from a mime type such as `audio/L16;codec=pcm;rate=24000` (`audio/L8`,
 * `audio/L24` and a `channels=` parameter are honoured too). undefined when it is not raw PCM.
 */
export function pcmFormatOf(mimeType: string): PcmFormat | undefined {
	const [type, ...parameters] = mimeType.split(';').map((part) => part.trim().toLowerCase());
	const sampleType = /^audio\/l(8|16|24|32)$/.exec(type);
	const isPcmCodec = type === 'audio/pcm' || parameters.includes('codec=pcm');
	if (!sampleType && !isPcmCodec) return undefined;
	const format = { ...DEFAULT_PCM_FORMAT };
	if (sampleType) format.bitsPerSample = Number(sampleType[1]);
	for (const parameter of parameters) {
		const [name, value] = parameter.split('=').map((part) => part.trim());
		const number = Number(value);
		if (!Number.isInteger(number) || number <= 0) continue;
		if (name === 'rate') format.sampleRate = number;
		if (name === 'channels') format.channels = number;
	}
	return format;
}

/** Writes the 44-byte RIFF/WAVE header of `dataBytes` bytes of PCM at the start of `target`. */
export function writeWavHeader(target: Buffer, dataBytes: number, format: PcmFormat): void {
	const blockAlign = format.channels * Math.ceil(format.bitsPerSample / 8);
	target.write('RIFF', 0, 'ascii');
	target.writeUInt32LE(36 + dataBytes, 4);
	target.write('WAVE', 8, 'ascii');
	target.write('fmt ', 12, 'ascii');
	target.writeUInt32LE(16, 16); // size of the fmt chunk
	target.writeUInt16LE(1, 20); // integer PCM
	target.writeUInt16LE(format.channels, 22);
	target.writeUInt32LE(format.sampleRate, 24);
	target.writeUInt32LE(format.sampleRate * blockAlign, 28);
	target.writeUInt16LE(blockAlign, 32);
	target.writeUInt16LE(format.bitsPerSample, 34);
	target.write('data', 36, 'ascii');
	target.writeUInt32LE(dataBytes, 40);
}

/** Base64 characters decoded per write: a multiple of 4, so every slice ends on a whole quantum. */
const DECODE_SLICE_CHARS = 1 << 20;

/**
 * Node 20 copies the whole string into a temporary buffer before decoding it (Node 24 does not): for
 * a long answer that copy is larger than the audio. Slices bound it, and cost nothing on Node 24.
 * A slice that decodes to less than 3/4 of its length held whitespace, padding or other characters
 * the decoder skips, so its successors may not start on a quantum: then the whole string is decoded
 * in one write, as before. Returns the decoded byte count.
 */
function decodeBase64Into(target: Buffer, offset: number, base64: string): number {
	if (base64.length <= DECODE_SLICE_CHARS) return target.write(base64, offset, 'base64');
	let written = 0;
	for (let start = 0; start < base64.length; start += DECODE_SLICE_CHARS) {
		const slice = base64.slice(start, start + DECODE_SLICE_CHARS);
		const bytes = target.write(slice, offset + written, 'base64');
		written += bytes;
		const isLast = start + DECODE_SLICE_CHARS >= base64.length;
		if (!isLast && bytes !== (DECODE_SLICE_CHARS / 4) * 3)
			return target.write(base64, offset, 'base64');
	}
	return written;
}

/**
 * Decodes base64 PCM straight into the buffer that carries the WAV header: one allocation of the
 * audio's size, no intermediate PCM buffer. Samples are expected little-endian, as WAV stores them.
 */
export function wavFromBase64Pcm(base64: string, format: PcmFormat): Buffer {
	// Upper bound of the decoded size; padding and whitespace make the real one a little smaller.
	const capacity = Math.floor((base64.length * 3) / 4);
	const wav = Buffer.allocUnsafe(WAV_HEADER_BYTES + capacity);
	const decoded = decodeBase64Into(wav, WAV_HEADER_BYTES, base64);
	const blockAlign = format.channels * Math.ceil(format.bitsPerSample / 8);
	const dataBytes = decoded - (decoded % blockAlign); // whole sample frames only
	wav.fill(0, WAV_HEADER_BYTES + dataBytes);
	writeWavHeader(wav, dataBytes, format);
	return wav.subarray(0, WAV_HEADER_BYTES + dataBytes);
}

/** Playing time of `dataBytes` bytes of PCM, in seconds. */
export function pcmDurationSeconds(dataBytes: number, format: PcmFormat): number {
	return dataBytes / (format.sampleRate * format.channels * Math.ceil(format.bitsPerSample / 8));
}
