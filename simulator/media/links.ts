import type { ChannelMedia } from '../dataset/channels';
import { hexFor } from '../dataset/random';
import type { SimContext } from '../routes/types';
import type { MediaControl } from './library';

/** What the media routes share with the data routes that hand out links (kept in `SimContext.state`). */
export interface MediaState {
	library: MediaControl;
	/** The decode key of every channel media token handed out: the media route encrypts with it. */
	keysByToken: Map<string, bigint>;
}

export const MEDIA_STATE = 'media';

export const CHANNEL_MEDIA_PATH = '/media/channels/stodownload';
export const SHORT_VIDEO_MEDIA_PATH = '/media/shortvideo';

export function mediaStateOf(ctx: Pick<SimContext, 'state'>): MediaState {
	const state = ctx.state.get(MEDIA_STATE) as MediaState | undefined;
	if (!state) throw new Error('the simulator has no media state');
	return state;
}

/**
 * A channel video's media object as the service hands it out: on every request a new token and a
 * new 64-bit decode key (the dataset's), the link pointing at this simulator's media route.
 */
export function channelMedia(ctx: SimContext, objectId: bigint): ChannelMedia {
	const issued = ctx.dataset.channelMedia(objectId, ctx.nextSequence());
	const query = new URL(issued.url).search;
	const url = `${ctx.origin}${CHANNEL_MEDIA_PATH}${query}`;
	const token = new URLSearchParams(issued.url_token.replace(/^&/, '')).get('token') ?? '';
	mediaStateOf(ctx).keysByToken.set(token, BigInt(issued.decode_key));
	return {
		url,
		url_token: issued.url_token,
		full_url: url + issued.url_token,
		decode_key: issued.decode_key,
	};
}

/** The signature a short-video play link carries; the media route checks it. */
export const playSignature = (awemeId: string, region: string) =>
	hexFor(16, 'play', awemeId, region);

/** A short-video play link (original quality) on this simulator; the region picks the "CDN" path. */
export function playUrl(ctx: SimContext, awemeId: string, region?: string): string {
	const cdn = region ? region.toLowerCase() : 'default';
	return `${ctx.origin}${SHORT_VIDEO_MEDIA_PATH}/${cdn}/original/${awemeId}.mp4?sign=${playSignature(awemeId, cdn)}`;
}
