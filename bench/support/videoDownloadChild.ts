/**
 * Child process of the video_download bench (fresh heap). argv[2]: the simulator's address (the
 * parent serves a 200 MB channel video there). Downloads it once through the Social Data node in
 * n8n's engine (binary data in filesystem mode, as n8n 2.x stores it) and measures the peak memory
 * growth of that download; then times the keystream+XOR of the decryption on its own (wall clock and
 * process CPU time: on a shared machine the CPU time is the steadier figure).
 * Prints one line `RESULT {json}`.
 */
import * as fs from 'node:fs';
import { SocialData } from '../../nodes/SocialData/SocialData.node.js';
import {
	ChannelVideoDecryptor,
	decodeKeyOf,
} from '../../nodes/SocialData/download/channelVideoCipher';
import { Isaac64Js } from '../../nodes/SocialData/download/isaac64Js';
import { isaac64Seeded } from '../../nodes/SocialData/download/isaac64State';
import { runNode, simulatorCredentials } from '../../tools/harness';
import { collectGarbage, jsMemoryBytes, sampleMemory } from './memory';
import { measureSideBySide } from './measure';

const statusKb = (field: 'VmRSS' | 'VmHWM'): number =>
	Number(
		new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
			fs.readFileSync('/proc/self/status', 'utf8'),
		)![1],
	);

const MB = 1024 * 1024;
const CIPHER_BYTES = 64 * MB;
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
 * Keystream+XOR over CIPHER_BYTES in 64 KB chunks (as a download's chunks come): as a download runs
 * it (WebAssembly), and with the plain JavaScript keystream a Node without WebAssembly falls back to.
 */
function cipherThroughput() {
	const data = Buffer.alloc(CIPHER_BYTES, 7);
	const key = decodeKeyOf('18446744073709551557')!;
	const timing = measureSideBySide(
		[
			{
				name: 'decrypt',
				run: () => {
					const decryptor = new ChannelVideoDecryptor(key, CIPHER_BYTES);
					for (let at = 0; at < CIPHER_BYTES; at += CHUNK_BYTES)
						decryptor.update(data.subarray(at, at + CHUNK_BYTES));
				},
			},
			{
				name: 'javascript',
				run: () => {
					const keystream = new Isaac64Js(isaac64Seeded(key.hi, key.lo));
					for (let at = 0; at < CIPHER_BYTES; at += CHUNK_BYTES)
						keystream.xor(data.subarray(at, at + CHUNK_BYTES));
				},
			},
		],
		{ warmupRounds: 1, rounds: 5 },
	);
	const perSecond = (name: string, clock: 'wall' | 'cpu') =>
		CIPHER_BYTES / MB / (timing.medianMs(name, clock) / 1000);
	return {
		decryptMBps: perSecond('decrypt', 'wall'),
		decryptCpuMBps: perSecond('decrypt', 'cpu'),
		javascriptMBps: perSecond('javascript', 'wall'),
		javascriptCpuMBps: perSecond('javascript', 'cpu'),
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
	const cipher = cipherThroughput();
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
