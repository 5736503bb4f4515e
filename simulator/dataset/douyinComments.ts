import { memo, type DatasetContext } from './context';
import { digitsFor, intFor, type Part } from './random';
import { nicknameFor, REGIONS, sentenceFor, topicFor } from './text';

/** A Douyin comment or reply, the fields the simulator generates (the rest is the recorded shape's). */
export interface DouyinComment {
	cid: string;
	aweme_id: string;
	text: string;
	create_time: number;
	digg_count: number;
	reply_comment_total: number;
	/** "0" for a comment on the video; the comment's cid for a reply. */
	reply_id: string;
	ip_label: string;
	user: { uid: string; sec_uid: string; nickname: string };
}

export interface HotWord {
	word: string;
	hot_value: number;
	position: number;
	sentence_id: string;
	group_id: string;
	event_time: number;
	video_count: number;
}

export interface DouyinProfile {
	uid: string;
	sec_uid: string;
	nickname: string;
	signature: string;
	unique_id: string;
	aweme_count: number;
	follower_count: number;
	following_count: number;
	total_favorited: number;
	/** A bare 64-bit number in genuine answers. */
	room_id: bigint;
}

/** Comment i was written (i + 1) × 37 min (minus jitter) before the epoch; the list is ordered by likes. */
const COMMENT_GAP_SECONDS = 2_220;
const HOT_WORDS = 50;

/** Orders as Douyin's web list does: most liked first (hot first), not by time. */
export const byLikes = (comments: DouyinComment[]) =>
	[...comments].sort((a, b) => b.digg_count - a.digg_count || (a.cid < b.cid ? -1 : 1));

export function douyinCommentsData(ctx: DatasetContext) {
	const { seed } = ctx;

	const commenter = (...parts: Part[]) => {
		const uid =
			String(intFor(1, 9, seed, 'dy-commenter-lead', ...parts)) +
			digitsFor(10, seed, 'dy-commenter', ...parts);
		return {
			uid,
			sec_uid: 'MS4wLjABAAAA' + digitsFor(20, seed, 'dy-commenter-sec', ...parts),
			nickname: nicknameFor(seed, 'dy-commenter', ...parts),
		};
	};

	/** A comment of a video (or a reply, with `replyTo`), at `seconds`, with `likes`. */
	function comment(
		awemeId: string,
		seconds: number,
		likes: number,
		parts: Part[],
		text = sentenceFor(seed, 'dy-comment', ...parts),
		replyTo = '0',
	): DouyinComment {
		return {
			cid: '7' + digitsFor(18, seed, 'dy-cid', ...parts),
			aweme_id: awemeId,
			text,
			create_time: seconds,
			digg_count: likes,
			reply_comment_total: replyTo === '0' ? intFor(0, 30, seed, 'dy-replies', ...parts) : 0,
			reply_id: replyTo,
			ip_label: REGIONS[intFor(0, REGIONS.length - 1, seed, 'dy-ip', ...parts)].province,
			user: commenter(...parts),
		};
	}

	const videoComments = memo((awemeId) =>
		byLikes(
			Array.from({ length: ctx.total('shortVideo/fetch_video_comments') }, (_, i) =>
				comment(
					awemeId,
					ctx.epochSeconds -
						(i + 1) * COMMENT_GAP_SECONDS -
						intFor(0, 600, seed, 'dy-jitter', awemeId, i),
					intFor(0, 9_000, seed, 'dy-likes', awemeId, i),
					[awemeId, i],
				),
			),
		),
	);

	/** Replies of one comment, oldest first as Douyin lists them. */
	const commentReplies = memo((key) => {
		const [awemeId, cid] = key.split('\u0001');
		const count = ctx.total('fetch_video_comment_replies');
		return Array.from({ length: count }, (_, i) =>
			comment(
				awemeId,
				ctx.epochSeconds - (count - i) * 300,
				intFor(0, 200, seed, 'dy-reply-likes', cid, i),
				['reply', cid, i],
				sentenceFor(seed, 'dy-reply', cid, i),
				cid,
			),
		);
	});

	const hotWords = (): HotWord[] =>
		Array.from({ length: HOT_WORDS }, (_, i) => ({
			word: topicFor(seed, 'dy-hot', i),
			hot_value: 12_000_000 - i * 180_000 - intFor(0, 90_000, seed, 'dy-hot-value', i),
			position: i + 1,
			sentence_id: String(2_580_000 + intFor(0, 9_999, seed, 'dy-sentence', i)),
			group_id: '7' + digitsFor(18, seed, 'dy-hot-group', i),
			event_time: ctx.epochSeconds - intFor(600, 86_400, seed, 'dy-hot-time', i),
			video_count: intFor(1, 40, seed, 'dy-hot-videos', i),
		}));

	return {
		/** A video's comments, most liked first; `total('shortVideo/fetch_video_comments')` of them. */
		douyinVideoComments: (awemeId: string) => videoComments(awemeId),
		/** The replies of the comment `cid` under a video. */
		douyinCommentReplies: (awemeId: string, cid: string) =>
			commentReplies(`${awemeId}\u0001${cid}`),
		douyinHotWords: hotWords,
		/** A comment arriving after the epoch (see arrivals.ts): no likes yet, so listed last. */
		arrivedDouyinComment: (awemeId: string, k: number, seconds: number, text?: string) =>
			comment(awemeId, seconds, 0, ['arrived', awemeId, k], text),
		douyinProfile: (uid: string, secUid: string, nickname: string): DouyinProfile => ({
			uid,
			sec_uid: secUid,
			nickname,
			signature: sentenceFor(seed, 'dy-signature', uid),
			unique_id: 'sim' + digitsFor(8, seed, 'dy-unique', uid),
			aweme_count: intFor(3, 900, seed, 'dy-aweme-count', uid),
			follower_count: intFor(100, 9_000_000, seed, 'dy-followers', uid),
			following_count: intFor(0, 900, seed, 'dy-following', uid),
			total_favorited: intFor(1_000, 90_000_000, seed, 'dy-favorited', uid),
			room_id: BigInt('7' + digitsFor(18, seed, 'dy-room', uid)),
		}),
	};
}

export type DouyinCommentsData = ReturnType<typeof douyinCommentsData>;
