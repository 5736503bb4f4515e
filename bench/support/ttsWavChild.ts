/**
 * Child process of the tts_wav bench (fresh heap): builds 10 minutes of base64 PCM, then measures one
 * conversion's peak memory and the conversion time. Prints one line `RESULT {json}`.
 * argv[2]: 'wav' (wavFromBase64Pcm) or 'naive' (decode to a PCM Buffer, then concat a header: the
 * obvious two-copy way, to show the method sees an intermediate copy).
 */
import * as fs from 'node:fs';
import {
	WAV_HEADER_BYTES,
	wavFromBase64Pcm,
	writeWavHeader,
	type PcmFormat,
} from '../../nodes/shared/wav';
import { collectGarbage } from './memory';
import { measureSideBySide } from './measure';

export const FORMAT: PcmFormat = { sampleRate: 24000, channels: 1, bitsPerSample: 16 };
export const SECONDS = 600;
const PCM_BYTES = SECONDS * FORMAT.sampleRate * 2;
/** One second of samples: 48,000 bytes, a multiple of 3, so its base64 repeats without padding. */
const CHUNK_BYTES = FORMAT.sampleRate * 2;

/** A 440 Hz tone as base64: one second (a whole number of periods) encoded once, repeated, joined into one flat string. */
function base64Pcm(): string {
	const second = Buffer.alloc(CHUNK_BYTES);
	for (let sample = 0; sample < FORMAT.sampleRate; sample++) {
		second.writeInt16LE(
			Math.round(8000 * Math.sin((2 * Math.PI * 440 * sample) / FORMAT.sampleRate)),
			sample * 2,
		);
	}
	return new Array<string>(SECONDS).fill(second.toString('base64')).join('');
}

function naiveWav(base64: string, format: PcmFormat): Buffer {
	const pcm = Buffer.from(base64, 'base64');
	const header = Buffer.alloc(WAV_HEADER_BYTES);
	writeWavHeader(header, pcm.length, format);
	return Buffer.concat([header, pcm]);
}

const statusKb = (field: 'VmRSS' | 'VmHWM'): number =>
	Number(
		new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
			fs.readFileSync('/proc/self/status', 'utf8'),
		)![1],
	);

function main(): void {
	const convert = process.argv[2] === 'naive' ? naiveWav : wavFromBase64Pcm;
	const base64 = base64Pcm();
	convert(base64.slice(0, 64_000), FORMAT); // compiles the code path outside the measurement
	collectGarbage();

	// Peak RSS of the one conversion: the kernel's high-water mark, reset just before (clear_refs 5).
	fs.writeFileSync('/proc/self/clear_refs', '5');
	const rssBeforeKb = statusKb('VmRSS');
	const started = performance.now();
	const wav = convert(base64, FORMAT);
	const firstCallMs = performance.now() - started;
	const peakKb = statusKb('VmHWM');
	if (wav.length !== WAV_HEADER_BYTES + PCM_BYTES)
		throw new Error(`WAV of ${wav.length} bytes, expected ${WAV_HEADER_BYTES + PCM_BYTES}`);

	const timing = measureSideBySide(
		[
			{ name: 'convert', run: () => convert(base64, FORMAT) },
			{ name: 'decode only', run: () => Buffer.from(base64, 'base64') },
		],
		{ warmupRounds: 1, rounds: 7 },
	);
	const result = {
		pcmBytes: PCM_BYTES,
		base64Chars: base64.length,
		peakGrowthBytes: (peakKb - rssBeforeKb) * 1024,
		firstCallMs,
		medianMs: timing.medianMs('convert', 'wall'),
		decodeOnlyMs: timing.medianMs('decode only', 'wall'),
		versusDecodeOnly: timing.medianRatio('convert', 'decode only', 'wall'),
	};
	process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main();
