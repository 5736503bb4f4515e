/**
 * The download example in a real n8n 2.41.1 against the simulator: a channel video (encrypted with
 * a fresh decode key, decrypted by the pack on the fly) and a short video, both real MP4 files made
 * by ffmpeg, come out as binaries. n8n's CLI run removes its binary files when it ends, so the
 * example's nodes are followed by n8n's own "Write File to Disk" nodes, and the test reads those
 * files: size, `ftyp`, byte for byte, and ffprobe. About 100 s once n8n is cached.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { nodeItems, type ExecutionItem } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow, type WorkflowRunResult } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { makeTestMp4, probeVideo } from '../support/ffmpeg';
import { useSimulator } from '../support/useSimulator';

jest.setTimeout(20 * 60_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'social-data-download-videos.json');

let sim: Simulator;
let result: WorkflowRunResult;
let channelVideo: Buffer;
let shortVideo: Buffer;
let outDir: string;

const DOWNLOADS = ['Download Channel Video', 'Download Short Video'];

/** The example, each download followed by n8n's Read/Write Files from Disk node writing the binary into `dir`. */
function exampleWritingTo(dir: string): WorkflowJson {
	const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as WorkflowJson & {
		connections: Record<string, unknown>;
	};
	for (const [index, download] of DOWNLOADS.entries()) {
		const name = `Write ${download}`;
		workflow.nodes.push({
			id: `e2e-write-${index}`,
			name,
			type: 'n8n-nodes-base.readWriteFile',
			typeVersion: 1.1,
			position: [520, index * 180],
			parameters: {
				operation: 'write',
				fileName: `=${dir}/{{ $binary.data.fileName }}`,
				dataPropertyName: 'data',
				options: {},
			},
		});
		workflow.connections[download] = { main: [[{ node: name, type: 'main', index: 0 }]] };
	}
	return workflow;
}

useSimulator((started) => (sim = started), { reset: 'never' });
beforeAll(async () => {
	channelVideo = makeTestMp4({ seconds: 4, width: 320, height: 240, noise: true });
	shortVideo = makeTestMp4({ seconds: 2, width: 160, height: 120 });
	sim.media.use({ channels: channelVideo, shortVideo });
	outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-videos-'));
	const packTarball = await packProject({ build: true, copyFirst: true });
	result = await runWorkflow({
		workflow: exampleWritingTo(outDir),
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
		env: { N8N_EXPRESSION_ENGINE: 'legacy', N8N_RESTRICT_FILE_ACCESS_TO: outDir },
	});
}, 20 * 60_000);

afterAll(() => {
	if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

interface StoredBinary {
	fileName?: string;
	mimeType?: string;
	bytes?: number;
}

/** The binary's metadata in the run data, and the file n8n wrote from it. */
function writtenFile(item: ExecutionItem): { binary: StoredBinary; bytes: Buffer } {
	const binary = item.binary?.data as StoredBinary | undefined;
	if (!binary?.fileName) throw new Error(`the item has no binary: ${JSON.stringify(item.binary)}`);
	return { binary, bytes: fs.readFileSync(path.join(outDir, binary.fileName)) };
}

describe('downloading videos in a real n8n', () => {
	it('runs the example, its nodes unchanged, with the two write nodes after them', () => {
		if (!result.ok) throw new Error(failureReport(result));
		expect(result.ok).toBe(true);
	});

	it('stores the channel video decrypted: the original MP4, byte for byte, that ffprobe reads', () => {
		const [item] = nodeItems(result.output, 'Download Channel Video');
		const { binary, bytes } = writtenFile(item);
		expect(binary).toMatchObject({
			fileName: '3637851486145102089.mp4',
			mimeType: 'video/mp4',
			bytes: channelVideo.length,
		});
		expect(bytes.length).toBe(channelVideo.length);
		expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
		expect(bytes.equals(channelVideo)).toBe(true);
		expect(probeVideo(bytes)).toMatchObject({ codec: 'h264', width: 320, height: 240 });
		expect(item.json).toMatchObject({
			object_id: '3637851486145102089',
			fileSize: channelVideo.length,
			encryptedBytes: 131_072,
		});
	});

	it('stores the short video as served, which ffprobe reads', () => {
		const [item] = nodeItems(result.output, 'Download Short Video');
		const { binary, bytes } = writtenFile(item);
		expect(binary).toMatchObject({
			fileName: '7984838805630000000.mp4',
			mimeType: 'video/mp4',
			bytes: shortVideo.length,
		});
		expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
		expect(bytes.equals(shortVideo)).toBe(true);
		expect(probeVideo(bytes)).toMatchObject({ codec: 'h264', width: 160, height: 120 });
	});

	it('makes one billed call per download and never sends the key to the media hosts', () => {
		expect(sim.ledger.entries.map((entry) => entry.endpoint).sort()).toEqual([
			'/api/v1/douyin/web/fetch_video_high_quality_play_url',
			'/api/v1/wechat_channels/v2/fetch_video_detail',
		]);
		const media = sim.requests.filter((request) => request.path.startsWith('/media/'));
		expect(media).toHaveLength(2);
		for (const request of media)
			expect(JSON.stringify(request.headers)).not.toContain(SIMULATOR_API_KEY);
		expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
	});
});
