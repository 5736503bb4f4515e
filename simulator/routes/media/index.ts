import { encryptedHead } from '../../media/encrypt';
import type { MediaFile } from '../../media/library';
import {
	CHANNEL_MEDIA_PATH,
	mediaStateOf,
	playSignature,
	SHORT_VIDEO_MEDIA_PATH,
} from '../../media/links';
import type { RouteModule, SimResponse } from '../types';

const SLICE_BYTES = 256 * 1024;

/** A file sent slice by slice; `head` replaces its first bytes (the encrypted part). */
function fileAnswer(file: MediaFile, headers: Record<string, string>, head?: Buffer): SimResponse {
	async function* slices(): AsyncGenerator<Buffer> {
		let start = 0;
		if (head) {
			yield head;
			start = head.length;
		}
		for (; start < file.size; start += SLICE_BYTES)
			yield file.read(start, Math.min(file.size, start + SLICE_BYTES));
	}
	return {
		status: 200,
		headers: { 'content-type': 'video/mp4', ...headers },
		bytes: { length: file.size, chunks: slices },
	};
}

const refused = (status: number, text: string): SimResponse => ({ status, text });

/**
 * The media hosts (CDNs) behind the links of data answers. No API key: a link works by itself.
 * Channel files are protected against hotlinking (403 without the token the answer gave) and come
 * encrypted with that answer's decode key; short-video play links serve the plain MP4.
 */
export const mediaRoutes: RouteModule = {
	name: 'media',
	routes: [
		{
			method: 'GET',
			path: CHANNEL_MEDIA_PATH,
			auth: 'none',
			identify: () => ({ endpoint: 'media:channels' }),
			handle(request, ctx) {
				const { library, keysByToken } = mediaStateOf(ctx);
				const token = request.query.get('token');
				if (!request.query.get('encfilekey')) return refused(404, 'Not found');
				if (!token) return refused(403, 'Forbidden: hotlink protection, the token is missing');
				const key = keysByToken.get(token);
				if (key === undefined) return refused(403, 'Forbidden: unknown or expired token');
				const file = library.channels;
				const length = Math.min(library.encryptedLength, file.size);
				const head = encryptedHead(file.read(0, length), key, library.encryptedLength);
				const headers: Record<string, string> = library.omitEncryptedLengthHeader
					? {}
					: { 'x-enclen': String(library.encryptedLength) };
				return fileAnswer(file, headers, head);
			},
		},
		{
			method: 'GET',
			path: `${SHORT_VIDEO_MEDIA_PATH}/{cdn}/original/{file}`,
			auth: 'none',
			identify: () => ({ endpoint: 'media:shortvideo' }),
			handle(request, ctx) {
				const awemeId = /^(\d+)\.mp4$/.exec(request.params.file)?.[1];
				if (!awemeId) return refused(404, 'Not found');
				if (request.query.get('sign') !== playSignature(awemeId, request.params.cdn))
					return refused(403, 'Forbidden: bad signature');
				return fileAnswer(mediaStateOf(ctx).library.shortVideo, {});
			},
		},
	],
};
