import * as path from 'node:path';
import { startSimulator, syntheticMp4 } from '../simulator';
import { figure, printTable } from './support/table';
import { runBenchChild } from './support/childRun';

interface ChildResult {
	fileBytes: number;
	rssPeakGrowthBytes: number;
	jsPeakGrowthBytes: number;
	downloadMs: number;
	headDecryptMs: number;
	headDecryptCpuMs: number;
}

const FILE_BYTES = 200 * 1024 * 1024;
const MB = 1024 * 1024;

function runChild(url: string, objectId: string): Promise<ChildResult> {
	return runBenchChild<ChildResult>(
		'video_download',
		path.join(__dirname, 'support', 'videoDownloadChild.ts'),
		[url, objectId, String(FILE_BYTES)],
	);
}

/**
 * A 200 MB channel video downloaded through the Social Data node (n8n's engine, binary data on
 * disk as n8n 2.x keeps it), decrypted on the fly: the download's peak memory growth in a fresh
 * child process (kernel RSS high-water mark, reset just before; and the JS heap + external
 * memory sampled), and, in the same child, the time to decrypt one default encrypted head
 * (131,072 bytes, the whole of a video's decryption work when the answer has no `X-enclen`).
 * The simulator runs in this process, so its work is not counted.
 */
export async function benchVideoDownload(): Promise<Record<string, number>> {
	const sim = await startSimulator();
	try {
		sim.media.use({ channels: syntheticMp4(FILE_BYTES) });
		const result = await runChild(sim.url, sim.dataset.ids.objectId);
		const rssMB = result.rssPeakGrowthBytes / MB;
		const jsMB = result.jsPeakGrowthBytes / MB;
		console.log(
			`one ${FILE_BYTES / MB} MB channel video, encrypted head of 131072 bytes, downloaded and decrypted into n8n's binary store (filesystem mode)`,
		);
		printTable(
			['measure', 'value', 'target'],
			[
				['peak RSS growth of the download, MB', rssMB.toFixed(1), '≤ 64'],
				['peak JS heap + external growth, MB', jsMB.toFixed(1), ''],
				['whole download, MB/s', (FILE_BYTES / MB / (result.downloadMs / 1000)).toFixed(0), ''],
				[
					'decrypting one default head (131072 bytes), ms of CPU time',
					result.headDecryptCpuMs.toFixed(2),
					'≤ 5',
				],
				[
					'decrypting one default head (131072 bytes), ms wall clock',
					result.headDecryptMs.toFixed(2),
					'',
				],
			],
		);
		return {
			video_download_peak_rss_growth_mb: figure(rssMB, 1),
			video_download_peak_js_growth_mb: figure(jsMB, 1),
			video_download_mb_per_s: figure(FILE_BYTES / MB / (result.downloadMs / 1000), 0),
			video_decrypt_head_cpu_ms: figure(result.headDecryptCpuMs, 3),
			video_decrypt_head_wall_ms: figure(result.headDecryptMs, 3),
		};
	} finally {
		await sim.close();
	}
}
