/**
 * Child process of the video_download bench (fresh heap). argv[2]: the simulator's address (the
 * parent serves a 200 MB channel video there). Downloads it once through the Social Data node in
 * n8n's engine (binary data in filesystem mode, as n8n 2.x stores it) and measures the peak memory
 * growth of that download; then times the decryption of one default encrypted head on its own (wall
 * clock and process CPU time: on a shared machine the CPU time is the steadier figure).
 * Prints one line `RESULT {json}`.
 */
import * as fs from 'node:fs';
import { SocialData } from '../../nodes/SocialData/SocialData.node.js';
import {
	ChannelVideoDecryptor,
	DEFAULT_ENCRYPTED_LENGTH,
	decodeKeyOf,
} from '../../nodes/SocialData/download/channelVideoCipher';
import { runNode, simulatorCredentials } from '../../tools/harness';
import { collectGarbage, jsMemoryBytes, sampleMemory } from './memory';
import { measureSideBySide } from './measure';

const statusKb = (field: 'VmRSS' | 'VmHWM'): number =>
	Number(
		new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
			fs.readFileSync('/proc/self/status', 'utf8'),
		)![1],
	);

const CHUNK_BYTES = 64 * 1024;

async function download(url: string, objectId: string) {
	const result = await runNode({
		node: new SocialData(),
		type: 'n8n-nodes-social-gateway.socialData',
		parameters: {
			resource: 'channels',
			operation: 'download',
			object_id: objectId,
			export_id: '',
			share_url: '',
		},
		credentials: simulatorCredentials(url),
	});
	const error = result.errorOf();
	if (error) throw error;
	return result.items[0].json as { fileSize: number };
}

/**
 * One default encrypted head (131,072 bytes) decrypted as a download does it: a decryptor seeded
 * from the key, then the head's 64 KB chunks XORed in place. Median of many runs.
 */
function headDecryptTime() {
	const head = Buffer.alloc(DEFAULT_ENCRYPTED_LENGTH, 7);
	const key = decodeKeyOf('18446744073709551557')!;
	const timing = measureSideBySide(
		[
			{
				name: 'head',
				run: () => {
					const decryptor = new ChannelVideoDecryptor(key, DEFAULT_ENCRYPTED_LENGTH);
					for (let at = 0; at < head.length; at += CHUNK_BYTES)
						decryptor.update(head.subarray(at, at + CHUNK_BYTES));
					return decryptor.bytesSeen;
				},
			},
		],
		{ warmupRounds: 20, rounds: 200 },
	);
	return {
		headDecryptMs: timing.medianMs('head', 'wall'),
		headDecryptCpuMs: timing.medianMs('head', 'cpu'),
	};
}

async function main(): Promise<void> {
	const [url, objectId, sizeText] = process.argv.slice(2);
	const size = Number(sizeText);
	await download(url, objectId); // warm-up: compiles the code paths and loads n8n's engine
	collectGarbage();
	fs.writeFileSync('/proc/self/clear_refs', '5');
	const rssBeforeKb = statusKb('VmRSS');
	const jsBefore = jsMemoryBytes();
	const sampler = sampleMemory(5);
	const started = performance.now();
	const json = await download(url, objectId);
	const downloadMs = performance.now() - started;
	const jsPeak = sampler.stop();
	const peakKb = statusKb('VmHWM');
	if (json.fileSize !== size)
		throw new Error(`downloaded ${json.fileSize} bytes, expected ${size}`);
	const cipher = headDecryptTime();
	const result = {
		fileBytes: size,
		rssPeakGrowthBytes: (peakKb - rssBeforeKb) * 1024,
		jsPeakGrowthBytes: jsPeak - jsBefore,
		downloadMs,
		...cipher,
	};
	console.log(`RESULT ${JSON.stringify(result)}`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
