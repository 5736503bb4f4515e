import * as path from 'node:path';
import { ensureN8n } from '../tools/n8n/ensureN8n';
import { BenchSkipped } from './support/benchSkipped';
import { figure, printTable } from './support/table';
import { runBenchChild } from './support/childRun';

interface ChildResult {
	pcmBytes: number;
	base64Chars: number;
	peakGrowthBytes: number;
	firstCallMs: number;
	medianMs: number;
	decodeOnlyMs: number;
	versusDecodeOnly: number;
}

function runChild(variant: 'wav' | 'naive', nodeBin = process.execPath): Promise<ChildResult> {
	return runBenchChild<ChildResult>(
		`tts_wav (${variant})`,
		path.join(__dirname, 'support', 'ttsWavChild.ts'),
		[variant],
		nodeBin,
	);
}

/**
 * A 10-minute speech answer (base64 PCM, 24 kHz 16-bit mono) turned into WAV by wavFromBase64Pcm,
 * each measured in a fresh child process: peak RSS growth of the one call as a multiple of the audio
 * size, and time beside a bare base64 decode. The obvious decode-then-concat version runs the same
 * way, to show that the method sees a second copy.
 */
export async function benchTtsWav(): Promise<Record<string, number>> {
	const wav = await runChild('wav');
	const naive = await runChild('naive');
	// n8n 2.x runs on Node 24, whose base64 decoding differs (no temporary copy): measured with the
	// Node 24 of the e2e runner's n8n install, installed first when missing.
	const n8n = await ensureN8n({ quiet: true }).catch((error: Error) => {
		throw new BenchSkipped(`the Node 24 of n8n's install is missing: ${error.message}`);
	});
	const node24 = await runChild('wav', n8n.nodeBin);
	const multiple = (result: ChildResult) => result.peakGrowthBytes / result.pcmBytes;
	const heldAtPeak = (result: ChildResult) =>
		(result.peakGrowthBytes + result.base64Chars) / result.pcmBytes;
	console.log(
		`10 min of 24 kHz 16-bit mono PCM = ${(wav.pcmBytes / 1e6).toFixed(1)} MB audio, ${(wav.base64Chars / 1e6).toFixed(1)} MB of base64 text; ` +
			`each variant in a fresh child process; peak = kernel RSS high-water mark of the one call (reset just before it) over the RSS before it`,
	);
	printTable(
		[
			'conversion',
			'peak growth MB',
			'× audio',
			'× audio with the base64 input',
			'first call ms',
			'median ms',
			'÷ bare decode',
		],
		[
			[
				`wavFromBase64Pcm (Node ${process.versions.node})`,
				wav,
				multiple(wav),
				heldAtPeak(wav),
			] as const,
			['decode + Buffer.concat (reference)', naive, multiple(naive), heldAtPeak(naive)] as const,
			[
				'wavFromBase64Pcm (Node 24, e2e cache)',
				node24,
				multiple(node24),
				heldAtPeak(node24),
			] as const,
		].map(([label, result, times, held]) => [
			label,
			(result.peakGrowthBytes / 1e6).toFixed(1),
			times.toFixed(2),
			held.toFixed(2),
			result.firstCallMs.toFixed(1),
			result.medianMs.toFixed(1),
			result.versusDecodeOnly.toFixed(2),
		]),
	);
	console.log(
		`wavFromBase64Pcm peak: ${multiple(wav).toFixed(2)} × the audio size (target ≤ 3); ${heldAtPeak(wav).toFixed(2)} × counting the base64 input it is given`,
	);
	return {
		tts_wav_peak_x_audio: figure(multiple(wav)),
		tts_wav_peak_with_input_x_audio: figure(heldAtPeak(wav)),
		tts_wav_ms: figure(wav.medianMs, 1),
		tts_wav_vs_bare_decode: figure(wav.versusDecodeOnly),
		tts_wav_naive_peak_x_audio: figure(multiple(naive)),
		tts_wav_node24_peak_x_audio: figure(multiple(node24)),
		tts_wav_node24_ms: figure(node24.medianMs, 1),
	};
}
