import { base64url, fromBase64url, memo, type DatasetContext } from './context';
import { bigIdFor, digitsFor, hash32, intFor } from './random';
import { nicknameFor, sentenceFor, topicFor } from './text';

export interface ShortVideoAuthor {
	uid: string;
	sec_uid: string;
	nickname: string;
}

export interface ShortVideo {
	aweme_id: string;
	group_id: bigint;
	desc: string;
	create_time: number;
	author: ShortVideoAuthor;
	statistics: {
		digg_count: number;
		comment_count: number;
		share_count: number;
		play_count: number;
		collect_count: number;
	};
	share_url: string;
}

export interface CollectsFolder {
	collects_id: string;
	collects_name: string;
	total_number: number;
}

export interface Danmaku {
	danmaku_id: bigint;
	text: string;
	offset_time: number;
}

const SEC_UID_PREFIX = 'MS4wLjABAAAA';
const SHARE_HOST = 'www.douyin.example.com';
const SHORT_LINK_HOST = 'v.douyin.example.com';
/** Post i of an account was published (i + 1) * 4 h (minus jitter) before the epoch: strictly newest first. */
const POST_GAP_SECONDS = 14_400;

/**
 * Short-video data. An aweme_id is `7` + the author's 11-digit uid + a 7-digit post index, so any
 * id resolves to the same video whatever was asked before.
 */
export function shortVideoData(ctx: DatasetContext) {
	const { seed } = ctx;
	// sec_uids that are not of our own form are remembered, so their posts name them as author.
	const foreignSecUids = new Map<string, string>();

	const secUidOf = (uid: string) =>
		foreignSecUids.get(uid) ?? SEC_UID_PREFIX + base64url('u' + uid);

	function uidOfSecUid(secUid: string): string {
		const decoded = secUid.startsWith(SEC_UID_PREFIX)
			? fromBase64url(secUid.slice(SEC_UID_PREFIX.length))
			: undefined;
		if (decoded && /^u[1-9]\d{10}$/.test(decoded)) return decoded.slice(1);
		const uid = uidFor('sec', secUid);
		foreignSecUids.set(uid, secUid);
		return uid;
	}

	function uidFor(...parts: Array<string | number>): string {
		return String(intFor(1, 9, seed, 'uid-lead', ...parts)) + digitsFor(10, seed, 'uid', ...parts);
	}

	const awemeIdOf = (uid: string, index: number) => `7${uid}${String(index).padStart(7, '0')}`;

	/** A video of someone else (likes, feeds, collections): a random author and post index. */
	const foreignAwemeId = (...parts: Array<string | number>) =>
		awemeIdOf(uidFor('author', ...parts), intFor(0, 4999, seed, 'post', ...parts));

	const author = (uid: string): ShortVideoAuthor => ({
		uid,
		sec_uid: secUidOf(uid),
		nickname: nicknameFor(seed, 'sv-user', uid),
	});

	function decode(awemeId: string): { uid: string; index: number } {
		if (/^\d{19}$/.test(awemeId))
			return { uid: awemeId.slice(1, 12), index: Number(awemeId.slice(12)) };
		return { uid: uidFor('id', awemeId), index: intFor(0, 4999, seed, 'index', awemeId) };
	}

	function video(awemeId: string): ShortVideo {
		const { uid, index } = decode(awemeId);
		const h = (name: string) => hash32(seed, name, awemeId);
		const play = 1000 + (h('play') % 5_000_000);
		return {
			aweme_id: awemeId,
			group_id: bigIdFor(seed, 'group', awemeId),
			desc: `${topicFor(seed, awemeId)} — ${sentenceFor(seed, awemeId)} #${topicFor(seed, 'tag', awemeId).replace(/ /g, '')}`,
			create_time:
				ctx.epochSeconds - ((index % 50_000) + 1) * POST_GAP_SECONDS - (h('jitter') % 3600),
			author: author(uid),
			statistics: {
				digg_count: Math.floor(play / (5 + (h('d') % 20))),
				comment_count: Math.floor(play / (50 + (h('c') % 200))),
				share_count: Math.floor(play / (80 + (h('s') % 300))),
				play_count: play,
				collect_count: Math.floor(play / (40 + (h('k') % 100))),
			},
			share_url: `https://${SHARE_HOST}/video/${awemeId}`,
		};
	}

	const idList = (count: number, id: (i: number) => string) =>
		Array.from({ length: count }, (_, i) => video(id(i)));

	const posts = memo((secUserId) => {
		const uid = uidOfSecUid(secUserId);
		return idList(ctx.total('fetch_user_post_videos'), (i) => awemeIdOf(uid, i));
	});

	const byPopularity = (videos: ShortVideo[]) =>
		[...videos].sort((a, b) => b.statistics.digg_count - a.statistics.digg_count);

	const cookieAccount = (cookie: string) => uidFor('cookie', cookie);

	const collects = memo((cookie) =>
		Array.from(
			{ length: ctx.total('fetch_user_collects') },
			(_, i): CollectsFolder => ({
				collects_id: '7' + digitsFor(18, seed, 'collects', cookieAccount(cookie), i),
				collects_name: `${topicFor(seed, 'folder', cookie, i)} ${i + 1}`,
				total_number: ctx.total('fetch_user_collects_videos'),
			}),
		),
	);

	const feeds = memo((account) =>
		idList(ctx.total('fetch_home_feed'), (i) => foreignAwemeId('feed', account, i)),
	);

	const wellKnownUid = uidFor('well-known');

	return {
		/** Ids of an account the demo and tests can start from. */
		wellKnownShortVideoIds: () => ({
			secUserId: secUidOf(wellKnownUid),
			awemeId: awemeIdOf(wellKnownUid, 0),
			mixId: '7' + digitsFor(18, seed, 'well-known-mix'),
		}),
		/** Whether an aweme_id looks like one (digits only); others fail per video in batch calls. */
		isAwemeId: (id: string) => /^\d{1,20}$/.test(id),
		video,
		/** The sec_uid of an account: `ids.secUserId`-style values decode to their uid. */
		shortVideoAuthor: (secUserId: string) => author(uidOfSecUid(secUserId)),
		videoDurationMs: (awemeId: string) => intFor(6_000, 600_000, seed, 'duration', awemeId),
		videoFileSize: (awemeId: string) => intFor(800_000, 120_000_000, seed, 'size', awemeId),
		/** aweme_id named by a share link (long link with the id, or a short link), undefined when none. */
		awemeIdFromShareUrl(shareUrl: string): string | undefined {
			let url: URL;
			try {
				url = new URL(shareUrl.trim());
			} catch {
				return undefined;
			}
			const long = /(\d{19})/.exec(url.pathname);
			if (long) return long[1];
			if (url.hostname === SHORT_LINK_HOST && url.pathname.length > 1)
				return foreignAwemeId('share', url.pathname);
			return undefined;
		},
		userPostVideos: (secUserId: string, filterType = '0') =>
			filterType === '3' ? byPopularity(posts(secUserId)) : posts(secUserId),
		userLikeVideos: memo((secUserId) =>
			idList(ctx.total('fetch_user_like_videos'), (i) => foreignAwemeId('like', secUserId, i)),
		),
		userCollectionVideos: memo((cookie) =>
			idList(ctx.total('fetch_user_collection_videos'), (i) =>
				foreignAwemeId('collection', cookieAccount(cookie), i),
			),
		),
		userCollects: collects,
		collectsVideos: memo((collectsId) =>
			idList(ctx.total('fetch_user_collects_videos'), (i) =>
				foreignAwemeId('collects-video', collectsId, i),
			),
		),
		/** A mix belongs to one author: its videos are that author's posts. */
		mixVideos: memo((mixId) => {
			const uid = uidFor('mix', mixId);
			return idList(ctx.total('fetch_user_mix_videos'), (i) => awemeIdOf(uid, i));
		}),
		/** The general feed, or the feed personalised for a cookie's account. */
		homeFeed: (cookie?: string) => feeds(cookie ? cookieAccount(cookie) : 'general'),
		relatedPosts: memo((awemeId) =>
			idList(ctx.total('fetch_related_posts'), (i) => foreignAwemeId('related', awemeId, i)),
		),
		/** Overlay comments spread evenly over the video; offset_time in ms. */
		danmaku(itemId: string, durationMs: number): Danmaku[] {
			const count = ctx.total('fetch_one_video_danmaku');
			return Array.from({ length: count }, (_, i) => ({
				danmaku_id: bigIdFor(seed, 'danmaku', itemId, i),
				text: sentenceFor(seed, 'danmaku', itemId, i),
				offset_time: Math.floor(((i + 0.5) * durationMs) / count),
			}));
		},
	};
}

export type ShortVideoData = ReturnType<typeof shortVideoData>;
