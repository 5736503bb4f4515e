import { SIM_EPOCH_MS } from '../constants';

/**
 * Records per list, keyed by endpoint name (`<group>/<name>` where two groups share a name);
 * `SimulatorOptions.totals` overrides any of them.
 */
export const DEFAULT_TOTALS: Readonly<Record<string, number>> = {
	fetch_user_post_videos: 45,
	fetch_user_like_videos: 32,
	fetch_user_collection_videos: 27,
	fetch_user_collects: 7,
	fetch_user_collects_videos: 24,
	fetch_user_mix_videos: 18,
	fetch_home_feed: 35,
	fetch_related_posts: 50,
	fetch_one_video_danmaku: 30,
	get_note_comments: 45,
	search_notes: 53,
	get_user_posted_notes: 23,
	get_note_sub_comments: 17,
	fetch_user_videos: 27,
	fetch_video_comments: 37,
	'shortVideo/fetch_video_comments': 42,
	fetch_video_comment_replies: 23,
	fetch_live_history: 23,
	fetch_search_channel_videos: 14,
	fetch_article_comments: 33,
	fetch_mp_article_list: 26,
	fetch_search: 53,
	fetch_search_videos: 38,
	fetch_general_search_v1: 47,
};

export interface DatasetContext {
	seed: number;
	total(endpoint: string): number;
	/** Virtual now (ms): time filters ("last day") are relative to it. */
	now(): number;
	/** Fixed base (s) that generated creation times count back from. */
	epochSeconds: number;
}

export function createContext(
	seed: number,
	totals: Record<string, number>,
	now: () => number,
): DatasetContext {
	const merged = { ...DEFAULT_TOTALS, ...totals };
	for (const [name, value] of Object.entries(merged)) {
		if (!Number.isInteger(value) || value < 0)
			throw new RangeError(`totals.${name} must be a non-negative integer`);
	}
	return {
		seed,
		total: (endpoint) => merged[endpoint] ?? 0,
		now,
		epochSeconds: Math.floor(SIM_EPOCH_MS / 1000),
	};
}

export const DAY_SECONDS = 86_400;

/** Memoises a list builder by key; lists can be large (20,000 comments) and are read once per page. */
export function memo<T>(build: (key: string) => T): (key: string) => T {
	const cache = new Map<string, T>();
	return (key) => {
		let value = cache.get(key);
		if (value === undefined) {
			value = build(key);
			cache.set(key, value);
		}
		return value;
	};
}

export function base64url(text: string): string {
	return Buffer.from(text, 'utf8').toString('base64url');
}

export function fromBase64url(text: string): string | undefined {
	if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
	return Buffer.from(text, 'base64url').toString('utf8');
}
