import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureSystemToolsSync, programTool } from '../../tools/systemTools';

/** ffmpeg makes the test videos and ffprobe reads the downloads back; both come with Debian's ffmpeg. */
const FFMPEG_TOOLS = [programTool('ffmpeg', 'ffmpeg'), programTool('ffprobe', 'ffmpeg')];

export function ensureFfmpeg(): { ffmpeg: string; ffprobe: string } {
	const [ffmpeg, ffprobe] = ensureSystemToolsSync(FFMPEG_TOOLS);
	return { ffmpeg, ffprobe };
}

export interface TestVideo {
	seconds: number;
	width: number;
	height: number;
	/** Grain on every frame: compresses badly, so a few seconds make a file of a few hundred KB. */
	noise?: boolean;
}

/**
 * A small real MP4 (H.264 test pattern, `+faststart` so the `moov` box follows `ftyp`), made fresh by
 * ffmpeg; `seconds`, the size and `noise` decide how large it is (2 s at 160×120 is a few KB, 4 s at 320×240 with noise about 230 KB).
 */
export function makeTestMp4(video: TestVideo = { seconds: 2, width: 160, height: 120 }): Buffer {
	const { ffmpeg } = ensureFfmpeg();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sgw-mp4-'));
	const file = path.join(dir, 'video.mp4');
	try {
		execFileSync(
			ffmpeg,
			[
				'-hide_banner',
				'-loglevel',
				'error',
				'-y',
				'-f',
				'lavfi',
				'-i',
				`testsrc=duration=${video.seconds}:size=${video.width}x${video.height}:rate=25${video.noise ? ',noise=alls=30:allf=t+u' : ''}`,
				'-c:v',
				'libx264',
				'-preset',
				'ultrafast',
				'-pix_fmt',
				'yuv420p',
				'-movflags',
				'+faststart',
				file,
			],
			{ stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 },
		);
		return fs.readFileSync(file);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

export interface ProbedVideo {
	formatName: string;
	durationSeconds: number;
	codec: string;
	width: number;
	height: number;
}

/** What ffprobe reads from a file's bytes; throws with ffprobe's message when it cannot read them. */
export function probeVideo(bytes: Buffer): ProbedVideo {
	const { ffprobe } = ensureFfmpeg();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sgw-probe-'));
	const file = path.join(dir, 'video.mp4');
	try {
		fs.writeFileSync(file, bytes);
		const text = execFileSync(
			ffprobe,
			['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
			{
				encoding: 'utf8',
				timeout: 60_000,
			},
		);
		const probed = JSON.parse(text) as {
			format: { format_name: string; duration: string };
			streams: Array<{ codec_type: string; codec_name: string; width: number; height: number }>;
		};
		const stream = probed.streams.find((entry) => entry.codec_type === 'video');
		if (!stream) throw new Error('ffprobe found no video stream');
		return {
			formatName: probed.format.format_name,
			durationSeconds: Number(probed.format.duration),
			codec: stream.codec_name,
			width: stream.width,
			height: stream.height,
		};
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
