import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { firstValueAt } from '../descriptor/answerPaths';
import { GatewayError } from '../../shared/transport/errors';
import type { Input } from '../pipeline/validateInput';
import { payloadOf } from '../pipeline/outputItems';
import { sendCall } from '../pipeline/sendCall';
import { DEFAULT_ENCRYPTED_LENGTH, decodeKeyOf, encryptedLengthOf } from './channelVideoCipher';
import type { DownloadContext } from './fileDownload';
import { downloadFile, fileItem } from './fileDownload';
import { DecryptStep } from './mediaSteps';
import type { DownloadSettings } from './plan';
import { CHANNEL_VIDEO_DETAIL } from './properties';

const ENDPOINT = CHANNEL_VIDEO_DETAIL.name;
const LABEL = `media.url + media.url_token of ${ENDPOINT}`;

export interface ChannelMedia {
	url: string;
	decodeKey: unknown;
}

/**
 * The media of a video detail answer: raw=false `media`, raw=true `objects[0].objectDesc.media[0]`,
 * or `object.objectDesc.media[0]` (the web variant's genuine answers hold one `object`).
 */
export function channelMediaOf(data: unknown): ChannelMedia | undefined {
	const parsed = firstValueAt(data, ['media']);
	const raw = firstValueAt(data, ['objects.0.objectDesc.media.0', 'object.objectDesc.media.0']);
	const media = (parsed ?? raw) as IDataObject | undefined;
	if (!media || typeof media !== 'object') return undefined;
	const url = media.url;
	const token = media.url_token ?? media.urlToken ?? '';
	const full = typeof url === 'string' && url ? url + String(token) : media.full_url;
	if (typeof full !== 'string' || !/^https?:\/\//i.test(full)) return undefined;
	return { url: full, decodeKey: media.decode_key ?? media.decodeKey };
}

/** What the output says about the video, from either answer shape. */
function metadataOf(data: unknown): IDataObject {
	const pick = (...paths: string[]) => firstValueAt(data, paths) ?? null;
	return {
		object_id: pick(
			'id',
			'objects.0.id',
			'object.id',
			'objectResponses.0.objectId',
		) as IDataObject[string],
		title: pick(
			'title',
			'objects.0.objectDesc.description',
			'object.objectDesc.description',
		) as IDataObject[string],
		username: pick('username', 'objects.0.username', 'object.username') as IDataObject[string],
		nickname: pick('nickname', 'objects.0.nickname', 'object.nickname') as IDataObject[string],
		create_time: pick(
			'create_time',
			'objects.0.createtime',
			'object.createtime',
		) as IDataObject[string],
	};
}

function failure(message: string): GatewayError {
	return new GatewayError(message, { kind: 'invalid-response', endpoint: ENDPOINT });
}

/**
 * One channel video: one billed call of the video detail, then its file, decrypted on the way into
 * n8n's binary store with the decode key of that same answer (every answer has its own link and key).
 */
export async function downloadChannelVideo(
	ctx: DownloadContext,
	input: Input,
	settings: DownloadSettings,
): Promise<INodeExecutionData[]> {
	const data = payloadOf(await sendCall(ctx.calls, CHANNEL_VIDEO_DETAIL, input));
	if (firstValueAt(data, ['object_type']) === 'image')
		throw failure(`${ENDPOINT}: the post is an image post, it has no video to download`);
	const media = channelMediaOf(data);
	if (!media)
		throw failure(
			`${ENDPOINT} answered without a media link (media.url + media.url_token): there is no file to download`,
		);
	const key = decodeKeyOf(media.decodeKey);
	if (!key)
		throw failure(
			`${ENDPOINT} answered without a usable media.decode_key (decimal digits up to 2^64−1): the file cannot be decrypted`,
		);
	const json = metadataOf(data);
	if (ctx.asTool) {
		return [
			{
				json: {
					...json,
					media_url: media.url,
					decode_key: key.text,
					encrypted: true,
					note: `The file at media_url is encrypted: its first X-enclen bytes (default ${DEFAULT_ENCRYPTED_LENGTH}) are XORed with the ISAAC64 keystream of decode_key. Link and key belong together and expire; run the node outside an agent for a playable MP4.`,
				},
			},
		];
	}
	let step: DecryptStep | undefined;
	const name = `${String(json.object_id ?? 'channel-video').replace(/[^\w.-]+/g, '_')}.mp4`;
	const { binary } = await downloadFile(
		ctx,
		{ url: media.url, label: LABEL, billedBy: ENDPOINT },
		(headers) =>
			(step = new DecryptStep(key, encryptedLengthOf(headers['x-enclen']), LABEL, ENDPOINT)),
		{ name, mimeType: 'video/mp4' },
		settings,
	);
	const item = fileItem(json, binary, settings);
	const fileSize = binary.bytes ?? null;
	item.json.encryptedBytes =
		fileSize === null ? step!.encryptedLength : Math.min(step!.encryptedLength, fileSize);
	return [item];
}
