import { base64url, DAY_SECONDS, fromBase64url, memo, type DatasetContext } from './context';
import { bigIdFor, digitsFor, hash32, hexFor, intFor, pickFor } from './random';
import { nicknameFor, REGIONS, sentenceFor, titleWith, topicFor } from './text';

export interface FinderUser {
	username: string;
	nickname: string;
	channel_id: string;
	signature: string;
	head_url: string;
	ip_region: string;
	service_unit: string;
	entity_type: string;
	news_licence: string;
	service_category: string;
	verification_time: string;
}

export interface ChannelCounts {
	read_count: number;
	like_count: number;
	fav_count: number;
	forward_count: number;
	comment_count: number;
}

export interface ChannelVideo extends ChannelCounts {
	id: bigint;
	object_nonce_id: bigint;
	username: string;
	nickname: string;
	title: string;
	create_time: number;
	object_type: 'video' | 'image';
	location: { country: string; province: string; city: string };
	/** Seconds. */
	duration: number;
}

export interface ChannelComment {
	comment_id: bigint;
	nickname: string;
	username: string;
	head_url: string;
	content: string;
	like_count: number;
	reply_count: number;
	create_time: number;
	ip_region: string;
}

export interface Live extends ChannelCounts {
	/** Object id of the replay (0n while live: no replay object yet). */
	id: bigint;
	live_id: bigint;
	username: string;
	nickname: string;
	head_url: string;
	title: string;
	create_time: number;
	cover_url: string;
	live_status: 1 | 2;
	status_desc: string;
	online_count: number;
	max_online_count: number;
	replay_status: number;
	replay_url: string;
	replay_watch_uv: number;
}

export interface ChannelSearchHit {
	type: 'video';
	doc_id: bigint;
	/** Plain title containing the keyword; the route adds the highlight markup. */
	title: string;
	desc: string | null;
	thumb_url: string | null;
	username: string;
	nickname: string;
}

export interface ChannelMedia {
	url: string;
	url_token: string;
	full_url: string;
	decode_key: string;
}

const USERNAME = /^v2_[0-9a-fA-F]+@finder$/;
const MEDIA_HOST = 'finder.video.example.com';

/**
 * Channel (finder) data. Videos, lives and the channel-id mapping are remembered once generated,
 * so a chain (search hit -> detail, list -> comments) answers about the same record.
 */
export function channelsData(ctx: DatasetContext) {
	const { seed } = ctx;
	const channelIdOfUser = new Map<string, string>();
	const userOfChannelId = new Map<string, string>();
	const videos = new Map<string, ChannelVideo>();
	const lives = new Map<string, Live>();
	/** Accounts whose name is given rather than derived (see accountNamed). */
	const givenNames = new Map<string, string>();

	const usernameFor = (...parts: Array<string | number | bigint>) =>
		`v2_${hexFor(32, seed, 'finder', ...parts)}@finder`;
	const headUrl = (username: string) =>
		`https://${MEDIA_HOST}/head/${hexFor(16, seed, 'head', username)}.jpg`;
	const regionOf = (...parts: Array<string | number | bigint>) =>
		pickFor(REGIONS, seed, 'region', ...parts);

	function channelIdOf(username: string): string {
		let id = channelIdOfUser.get(username);
		if (!id) {
			id =
				'sph' +
				Buffer.from(hexFor(12, seed, 'sph', username), 'hex')
					.toString('base64url')
					.slice(0, 7);
			link(username, id);
		}
		return id;
	}

	function link(username: string, channelId: string) {
		channelIdOfUser.set(username, channelId);
		userOfChannelId.set(channelId, username);
	}

	function finderUser(username: string): FinderUser {
		return {
			username,
			nickname: givenNames.get(username) ?? nicknameFor(seed, 'finder-user', username),
			channel_id: channelIdOf(username),
			signature: sentenceFor(seed, 'signature', username),
			head_url: headUrl(username),
			ip_region: regionOf(username).province,
			service_unit: `${topicFor(seed, 'unit', username)} Media Co., Ltd.`,
			entity_type: pickFor(
				['Enterprise', 'Individual', 'Media', 'Government'],
				seed,
				'entity',
				username,
			),
			news_licence: digitsFor(11, seed, 'licence', username),
			service_category: pickFor(
				['Lifestyle', 'Technology', 'Food', 'Travel', 'Education'],
				seed,
				'category',
				username,
			),
			verification_time: new Date(
				(ctx.epochSeconds - intFor(30, 900, seed, 'verified', username) * DAY_SECONDS) * 1000,
			)
				.toISOString()
				.slice(0, 10),
		};
	}

	function counts(...parts: Array<string | number | bigint>): ChannelCounts {
		const read = intFor(100, 3_000_000, seed, 'read', ...parts);
		return {
			read_count: read,
			like_count: Math.floor(read / intFor(8, 40, seed, 'like', ...parts)),
			fav_count: Math.floor(read / intFor(30, 120, seed, 'fav', ...parts)),
			forward_count: Math.floor(read / intFor(40, 200, seed, 'fwd', ...parts)),
			comment_count: Math.floor(read / intFor(50, 300, seed, 'cmt', ...parts)),
		};
	}

	function makeVideo(
		id: bigint,
		username: string,
		createTime: number,
		title?: string,
	): ChannelVideo {
		const video: ChannelVideo = {
			id,
			object_nonce_id: bigIdFor(seed, 'nonce', id),
			username,
			nickname: finderUser(username).nickname,
			title: title ?? `${topicFor(seed, 'fv', id)}: ${sentenceFor(seed, 'fv', id)}`,
			...counts('video', id),
			create_time: createTime,
			object_type: hash32(seed, 'type', id) % 6 === 0 ? 'image' : 'video',
			location: regionOf('video', id),
			duration: intFor(8, 1800, seed, 'fv-duration', id),
		};
		videos.set(String(id), video);
		return video;
	}

	const derivedTime = (...parts: Array<string | number | bigint>) =>
		ctx.epochSeconds - intFor(3_600, 300 * DAY_SECONDS, seed, 'time', ...parts);

	function channelVideo(objectId: string): ChannelVideo {
		return (
			videos.get(objectId) ??
			makeVideo(BigInt(objectId), usernameFor('owner', objectId), derivedTime(objectId))
		);
	}

	const userVideos = memo((username) =>
		Array.from({ length: ctx.total('fetch_user_videos') }, (_, i) =>
			makeVideo(
				bigIdFor(seed, 'finder-video', username, i),
				username,
				ctx.epochSeconds - (i + 1) * 2 * DAY_SECONDS - intFor(0, 3_600, seed, 'fvj', username, i),
			),
		),
	);

	const replyCountOf = (commentId: bigint) => hash32(seed, 'replies', commentId) % 4;

	function comment(
		commentId: bigint,
		i: number,
		createTime: number,
		withReplies: boolean,
	): ChannelComment {
		const username = usernameFor('commenter', commentId);
		return {
			comment_id: commentId,
			nickname: nicknameFor(seed, 'finder-user', username),
			username,
			head_url: headUrl(username),
			content: sentenceFor(seed, 'fc', commentId),
			like_count: intFor(0, 5_000, seed, 'fc-like', commentId),
			reply_count: withReplies ? replyCountOf(commentId) : 0,
			create_time: createTime - i * 1_800,
			ip_region: regionOf('comment', commentId).province,
		};
	}

	const hasLives = (username: string) => hash32(seed, 'has-lives', username) % 5 !== 0;

	function makeLive(
		liveId: bigint,
		username: string,
		createTime: number,
		status: 1 | 2,
		title?: string,
	): Live {
		const user = finderUser(username);
		const online = intFor(50, 80_000, seed, 'online', liveId);
		const live: Live = {
			id: status === 2 ? bigIdFor(seed, 'replay', liveId) : 0n,
			live_id: liveId,
			username,
			nickname: user.nickname,
			head_url: user.head_url,
			title: title ?? `Live: ${topicFor(seed, 'live', liveId)}`,
			create_time: createTime,
			cover_url: `https://${MEDIA_HOST}/cover/${hexFor(16, seed, 'cover', liveId)}.jpg`,
			...counts('live', liveId),
			live_status: status,
			status_desc: status === 1 ? 'Live now' : '',
			online_count: status === 1 ? online : 0,
			max_online_count: online + intFor(0, 20_000, seed, 'max-online', liveId),
			replay_status: status === 2 ? 1 : 0,
			replay_url: status === 2 ? `https://${MEDIA_HOST}/replay/${liveId}.m3u8` : '',
			replay_watch_uv: status === 2 ? intFor(10, 90_000, seed, 'uv', liveId) : 0,
		};
		lives.set(String(liveId), live);
		return live;
	}

	const liveHistory = memo((username) =>
		hasLives(username)
			? Array.from({ length: ctx.total('fetch_live_history') }, (_, i) =>
					makeLive(
						bigIdFor(seed, 'live', username, i),
						username,
						ctx.epochSeconds - (i + 1) * 3 * DAY_SECONDS,
						2,
					),
				)
			: [],
	);

	const channelSearch = memo((key) => {
		const [username, keyword] = JSON.parse(key) as [string, string];
		return Array.from(
			{ length: ctx.total('fetch_search_channel_videos') },
			(_, i): ChannelSearchHit => {
				const video = makeVideo(
					bigIdFor(seed, 'fsv', username, keyword, i),
					username,
					derivedTime('fsv', username, keyword, i),
					titleWith(keyword, seed, 'fsv', username, i),
				);
				return {
					type: 'video',
					doc_id: video.id,
					title: video.title,
					desc: i % 4 === 3 ? null : sentenceFor(seed, 'fsv-desc', video.id),
					thumb_url: i % 5 === 4 ? null : `https://${MEDIA_HOST}/thumb/${video.id}.jpg`,
					username,
					nickname: video.nickname,
				};
			},
		);
	});

	const wellKnown = (wanted: boolean) => {
		for (let k = 0; ; k++)
			if (hasLives(usernameFor('well-known', k)) === wanted) return usernameFor('well-known', k);
	};

	return {
		isFinderUsername: (username: string) => USERNAME.test(username),
		finderUser,
		/** undefined when the id does not resolve (the service answers username null). */
		usernameForChannelId(channelId: string): string | undefined {
			if (!/^sph[A-Za-z0-9_-]+$/.test(channelId)) return undefined;
			let username = userOfChannelId.get(channelId);
			if (!username) {
				username = usernameFor('channel', channelId);
				link(username, channelId);
			}
			return username;
		},
		channelUserVideos: userVideos,
		channelVideo,
		/** Records a video found elsewhere (search), so its detail answers with the same title. */
		registerChannelVideo: makeVideo,
		/** The account of this name (its username derived from the name). */
		accountNamed(nickname: string): string {
			const username = usernameFor('named', nickname);
			givenNames.set(username, nickname);
			return username;
		},
		exportIdOf: (video: ChannelVideo) => 'export/' + base64url(`${video.id}:${video.username}`),
		/** Export ids carry the object id and owner; an unreadable one still names a (derived) video. */
		channelVideoByExportId(exportId: string): ChannelVideo {
			const decoded = fromBase64url(exportId.slice('export/'.length));
			const match = decoded ? /^(\d{1,20}):(v2_[0-9a-f]+@finder)$/.exec(decoded) : null;
			if (match)
				return videos.get(match[1]) ?? makeVideo(BigInt(match[1]), match[2], derivedTime(match[1]));
			return channelVideo(String(bigIdFor(seed, 'export', exportId)));
		},
		channelVideoByShareUrl: (shareUrl: string) =>
			channelVideo(String(bigIdFor(seed, 'share', shareUrl.trim()))),
		channelVideoComments: memo((objectId) =>
			Array.from({ length: ctx.total('fetch_video_comments') }, (_, i) =>
				comment(bigIdFor(seed, 'fc', objectId, i), i, ctx.epochSeconds - 600, true),
			),
		),
		/** Second-level replies; as many as the comment's reply_count. */
		channelCommentReplies: (commentId: string) =>
			Array.from({ length: replyCountOf(BigInt(commentId)) }, (_, i) =>
				comment(bigIdFor(seed, 'fc-reply', commentId, i), i, ctx.epochSeconds - 300, false),
			),
		liveHistory,
		liveDetail(liveId: string): Live {
			const known = lives.get(liveId);
			if (known) return known;
			const status = hash32(seed, 'live-status', liveId) % 3 === 0 ? 1 : 2;
			return makeLive(
				BigInt(liveId),
				usernameFor('anchor', liveId),
				derivedTime('live', liveId),
				status,
			);
		},
		channelSearchVideos: (username: string, keyword: string) =>
			channelSearch(JSON.stringify([username, keyword.trim()])),
		/** A fresh link and decode key (64-bit, decimal): the service hands out new ones on every request. */
		channelMedia(objectId: bigint, nonce: number): ChannelMedia {
			const url = `https://${MEDIA_HOST}/stodownload?encfilekey=${hexFor(48, seed, 'encfile', objectId)}`;
			const urlToken = `&token=${hexFor(32, seed, 'token', objectId, nonce)}&idx=1`;
			return {
				url,
				url_token: urlToken,
				full_url: url + urlToken,
				decode_key: BigInt(`0x${hexFor(16, seed, 'decode', objectId, nonce)}`).toString(),
			};
		},
		/** Two finder usernames the demo and tests can start from: one with lives, one without. */
		wellKnownUsernames: () => ({ withLives: wellKnown(true), withoutLives: wellKnown(false) }),
		usernameFor,
	};
}

export type ChannelsData = ReturnType<typeof channelsData>;
