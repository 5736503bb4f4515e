import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	pcmDurationSeconds,
	pcmFormatOf,
	WAV_HEADER_BYTES,
	wavFromBase64Pcm,
} from '../../../nodes/shared/wav';
import { sineTonePcm } from '../../../simulator/routes/model/pcm';
import { ensureSox, soxi, soxStat } from './soxTool';

function parseWavHeader(wav: Buffer) {
	return {
		riff: wav.toString('ascii', 0, 4),
		riffSize: wav.readUInt32LE(4),
		wave: wav.toString('ascii', 8, 12),
		fmt: wav.toString('ascii', 12, 16),
		fmtSize: wav.readUInt32LE(16),
		audioFormat: wav.readUInt16LE(20),
		channels: wav.readUInt16LE(22),
		sampleRate: wav.readUInt32LE(24),
		byteRate: wav.readUInt32LE(28),
		blockAlign: wav.readUInt16LE(32),
		bitsPerSample: wav.readUInt16LE(34),
		data: wav.toString('ascii', 36, 40),
		dataSize: wav.readUInt32LE(40),
	};
}

describe('PCM mime types', () => {
	it('reads rate, sample size and channels', () => {
		expect(pcmFormatOf('audio/L16;codec=pcm;rate=24000')).toEqual({
			sampleRate: 24000,
			channels: 1,
			bitsPerSample: 16,
		});
		expect(pcmFormatOf('audio/L16; codec=pcm; rate=16000')).toEqual({
			sampleRate: 16000,
			channels: 1,
			bitsPerSample: 16,
		});
		expect(pcmFormatOf('audio/L24;rate=48000;channels=2')).toEqual({
			sampleRate: 48000,
			channels: 2,
			bitsPerSample: 24,
		});
		expect(pcmFormatOf('audio/pcm;rate=8000')).toEqual({
			sampleRate: 8000,
			channels: 1,
			bitsPerSample: 16,
		});
	});

	it('says no to containers that are not raw PCM', () => {
		expect(pcmFormatOf('audio/mpeg')).toBeUndefined();
		expect(pcmFormatOf('audio/wav')).toBeUndefined();
		expect(pcmFormatOf('image/png')).toBeUndefined();
	});
});

describe('WAV from base64 PCM', () => {
	let dir: string;
	beforeAll(() => {
		ensureSox();
		dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('writes a RIFF/WAVE header that matches the audio', () => {
		const pcm = sineTonePcm(0.5, 440, 24000);
		const wav = wavFromBase64Pcm(pcm.toString('base64'), {
			sampleRate: 24000,
			channels: 1,
			bitsPerSample: 16,
		});
		expect(parseWavHeader(wav)).toEqual({
			riff: 'RIFF',
			riffSize: 36 + pcm.length,
			wave: 'WAVE',
			fmt: 'fmt ',
			fmtSize: 16,
			audioFormat: 1,
			channels: 1,
			sampleRate: 24000,
			byteRate: 48000,
			blockAlign: 2,
			bitsPerSample: 16,
			data: 'data',
			dataSize: pcm.length,
		});
		expect(wav.subarray(WAV_HEADER_BYTES).equals(pcm)).toBe(true);
		expect(
			pcmDurationSeconds(pcm.length, { sampleRate: 24000, channels: 1, bitsPerSample: 16 }),
		).toBe(0.5);
	});

	it('is read by sox as 24 kHz 16-bit mono audio of the right length and loudness', () => {
		const pcm = sineTonePcm(1.25, 440, 24000);
		const file = join(dir, 'tone.wav');
		writeFileSync(
			file,
			wavFromBase64Pcm(pcm.toString('base64'), pcmFormatOf('audio/L16;codec=pcm;rate=24000')!),
		);
		expect(soxi('-r', file)).toBe('24000');
		expect(soxi('-c', file)).toBe('1');
		expect(soxi('-b', file)).toBe('16');
		expect(soxi('-e', file)).toBe('Signed Integer PCM');
		expect(Number(soxi('-s', file))).toBe(30000);
		expect(Number(soxi('-D', file))).toBeCloseTo(1.25, 5);
		const stats = soxStat(file);
		// A sine of amplitude 0.3: sox reports the peak and the frequency it sees.
		expect(stats['Maximum amplitude']).toBeCloseTo(0.3, 2);
		expect(stats['Rough   frequency']).toBeGreaterThan(400);
		expect(stats['Rough   frequency']).toBeLessThan(480);
	});

	it('takes the rate from the mime type (a 16 kHz answer plays at 16 kHz)', () => {
		const file = join(dir, 'rate.wav');
		const pcm = sineTonePcm(1, 300, 16000);
		writeFileSync(
			file,
			wavFromBase64Pcm(pcm.toString('base64'), pcmFormatOf('audio/L16;codec=pcm;rate=16000')!),
		);
		expect(soxi('-r', file)).toBe('16000');
		expect(Number(soxi('-D', file))).toBeCloseTo(1, 5);
	});

	it('drops a trailing half sample and padding, keeping whole frames', () => {
		const odd = Buffer.from([1, 2, 3, 4, 5]);
		const wav = wavFromBase64Pcm(odd.toString('base64'), {
			sampleRate: 8000,
			channels: 1,
			bitsPerSample: 16,
		});
		expect(parseWavHeader(wav).dataSize).toBe(4);
		expect(wav.length).toBe(WAV_HEADER_BYTES + 4);
		expect([...wav.subarray(WAV_HEADER_BYTES)]).toEqual([1, 2, 3, 4]);
	});

	it('decodes into the one buffer that carries the header (no second copy of the audio)', () => {
		const pcm = sineTonePcm(2, 220, 24000);
		const base64 = pcm.toString('base64');
		const wav = wavFromBase64Pcm(base64, { sampleRate: 24000, channels: 1, bitsPerSample: 16 });
		// The whole WAV lives in one allocation of header + at most the decoded size (plus base64 slack).
		expect(wav.byteOffset).toBe(0);
		expect(wav.buffer.byteLength).toBeLessThanOrEqual(
			WAV_HEADER_BYTES + Math.floor((base64.length * 3) / 4),
		);
		expect(wav.length).toBe(WAV_HEADER_BYTES + pcm.length);
	});
});
