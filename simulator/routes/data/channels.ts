import type { ChannelComment, ChannelVideo, Live } from '../../dataset/channels';
import { highlight } from '../../dataset/text';
import {
	HttpError,
	keyword,
	missing,
	optionalDigits,
	optionalInt,
	optionalString,
	rawFlag,
	requiredDigits,
	requiredString,
	type Input,
} from './input';
import { offsetCursor, pageAt, readOffset } from './paging';
import { pick } from './pick';
import type { DataContext, DataGroup } from './types';
import { splitIntoBoxes } from './boxes';
import { channelMedia } from '../../media/links';

const OK = { ret: 0, errMsg: {} };

/**
 * Channels group: raw=true answers the upstream shape, raw=false the simplified one (spec tables).
 * Lists page by `last_buffer`; the last page still carries a buffer, its continue flag is 0.
 */
export const channels: DataGroup = {
	key: 'channels',
	endpoints: {
		fetch_channel_info(input, ctx) {
			const user = ctx.dataset.finderUser(username(input));
			const sections = [
				{
					title: 'Account',
					items: [item('Channel ID', user.channel_id, 1), item('IP region', user.ip_region, 1)],
				},
				{
					title: 'Verification',
					items: [
						item('Service unit', user.service_unit, 2),
						item('Entity type', user.entity_type, 1),
						item('News service licence number', user.news_licence, 1),
						item('Service category', user.service_category, 1),
						item('Verification time', user.verification_time, 1),
					],
				},
			];
			if (rawFlag(input)) return { baseResponse: OK, sections };
			return {
				finder_username: user.username,
				channel_id: user.channel_id,
				sections: sections.map((s) => ({
					title: s.title,
					items: s.items.map(({ title, content }) => ({ title, content })),
				})),
				info: Object.fromEntries(sections.flatMap((s) => s.items.map((i) => [i.title, i.content]))),
			};
		},
		fetch_channel_id_to_username(input, ctx) {
			const channelId = requiredString(input, 'channel_id').trim();
			const found = ctx.dataset.usernameForChannelId(channelId);
			const user = found === undefined ? undefined : ctx.dataset.finderUser(found);
			if (rawFlag(input)) {
				const data = user
					? [
							{
								type: 1,
								title: 'Accounts',
								items: [
									{
										type: 1,
										title: user.nickname,
										desc: user.signature,
										jumpInfo: { userName: user.username },
									},
								],
							},
							{
								type: 2,
								title: 'Live',
								subBoxes: [
									{
										title: 'Lives',
										items: [
											{
												title: `${user.nickname} live`,
												noticeParam: { finderUsername: user.username },
											},
										],
									},
								],
							},
						]
					: [];
				return { query: channelId, offset: 0, continueFlag: 0, data };
			}
			if (!user)
				return {
					channel_id: channelId,
					username: null,
					nickname: null,
					desc: null,
					error: `Channel id ${channelId} could not be resolved to a username`,
				};
			// Some accounts have no description.
			return {
				channel_id: channelId,
				username: user.username,
				nickname: user.nickname,
				desc: user.signature.length % 3 === 0 ? null : user.signature,
			};
		},
		fetch_user_videos(input, ctx) {
			const name = username(input);
			const user = ctx.dataset.finderUser(name);
			const list = ctx.dataset.channelUserVideos(name);
			const page = bufferPage(list, input, `videos:${name}`, ctx);
			if (rawFlag(input)) {
				return {
					baseResponse: OK,
					object: page.items.map((v) => rawVideo(v, ctx)),
					// Genuine app answers say more with `continueFlag` alone (recorded/channels/fetch_user_videos.app.json).
					...(ctx.options.shapes === 'recorded'
						? { continueFlag: page.flag }
						: { upContinueFlag: page.flag }),
					lastBuffer: page.buffer,
					last_buffer: page.buffer,
					contact: {
						username: user.username,
						nickname: user.nickname,
						headUrl: user.head_url,
						signature: user.signature,
					},
					finderUserInfo: {
						coverImgUrl: user.head_url,
						authInfo: { authProfession: user.service_category },
						feedsCount: list.length,
					},
				};
			}
			return {
				username: name,
				nickname: user.nickname,
				count: page.items.length,
				up_continue: page.flag,
				last_buffer: page.buffer,
				videos: page.items.map((v) => parsedVideo(v, ctx)),
			};
		},
		fetch_video_detail(input, ctx) {
			const video = detailTarget(input, ctx);
			if (rawFlag(input))
				return {
					baseResponse: OK,
					objectResponses: [{ objectId: video.id, exportId: ctx.dataset.exportIdOf(video) }],
					objects: [rawVideo(video, ctx)],
				};
			const { object_nonce_id: _nonce, ...parsed } = parsedVideo(video, ctx);
			return { ...parsed, object_type: video.object_type };
		},
		fetch_video_comments(input, ctx) {
			const objectId = requiredDigits(input, 'object_id');
			const commentId = optionalDigits(input, 'comment_id');
			const list = commentId
				? ctx.dataset.channelCommentReplies(commentId)
				: ctx.dataset.channelVideoComments(objectId);
			const page = bufferPage(list, input, `comments:${objectId}:${commentId ?? ''}`, ctx);
			if (rawFlag(input)) {
				return {
					baseResponse: OK,
					commentInfo: page.items.map(rawComment),
					downContinueFlag: page.flag,
					lastBuffer: page.buffer,
					monotonicData: { commentCount: { commentCount: list.length } },
					countInfo: { commentCount: list.length },
				};
			}
			return {
				object_id: BigInt(objectId),
				comment_id: commentId ? BigInt(commentId) : null,
				count: page.items.length,
				down_continue: page.flag,
				last_buffer: page.buffer,
				comments: page.items,
			};
		},
		// The spec does not show this endpoint's inputs: username (required) and last_buffer are accepted.
		fetch_live_history(input, ctx) {
			const name = username(input);
			const list = ctx.dataset.liveHistory(name);
			const page = bufferPage(list, input, `lives:${name}`, ctx);
			if (rawFlag(input)) {
				return {
					baseResponse: OK,
					totalCount: list.length,
					object: page.items.map((l) => rawLive(l, ctx)),
					continueFlag: page.flag,
					lastBuffer: page.buffer,
				};
			}
			return {
				username: name,
				count: page.items.length,
				total_count: list.length,
				lives: page.items.map((l) => parsedLive(l, ctx)),
				continue_flag: page.flag,
				last_buffer: page.buffer,
			};
		},
		fetch_live_detail(input, ctx) {
			const live = ctx.dataset.liveDetail(requiredDigits(input, 'live_id'));
			optionalInt(input, 'scene');
			const finder = optionalString(input, 'finder_username');
			if (finder && !ctx.dataset.isFinderUsername(finder))
				throw new HttpError(
					400,
					'Invalid finder_username: must be of the form v2_<hex>@finder',
					'input.finder_username',
				);
			const objectId = live.live_status === 2 ? live.id : '';
			if (rawFlag(input)) {
				return {
					baseResponse: OK,
					liveInfo: {
						liveId: live.live_id,
						objectId,
						liveStatus: live.live_status,
						statusDesc: live.status_desc,
						onlineCnt: live.online_count,
						maxOnlineCount: live.max_online_count,
						replayStatus: live.replay_status,
						replayUrl: live.replay_url,
						replayInfo: { watchUv: live.replay_watch_uv },
						coverUrl: live.cover_url,
					},
					anchorContact: {
						username: live.username,
						nickname: live.nickname,
						headUrl: live.head_url,
					},
				};
			}
			return {
				live_id: live.live_id,
				object_id: objectId,
				anchor_nickname: live.nickname,
				anchor_username: live.username,
				anchor_head_url: live.head_url,
				live_cover_url: live.cover_url,
				live_status: live.live_status,
				status_desc: live.status_desc,
				online_count: live.online_count,
				max_online_count: live.max_online_count,
				replay_status: live.replay_status,
				replay_url: live.replay_url,
				replay_watch_uv: live.replay_watch_uv,
			};
		},
		fetch_search_channel_videos(input, ctx) {
			const name = username(input);
			const term = keyword(input);
			const hits = ctx.dataset.channelSearchVideos(name, term);
			const { items, next, more } = pageAt(hits, 0, ctx.pageSize);
			const searchId = `${ctx.requestId.slice(0, 16)}`;
			const marked = items.map((hit) => ({ ...hit, title: highlight(hit.title, term) }));
			if (rawFlag(input)) {
				const raw = marked.map((hit) => ({
					type: hit.type,
					docID: hit.doc_id,
					title: hit.title,
					desc: hit.desc,
					thumbUrl: hit.thumb_url,
					nickName: hit.nickname,
					jumpInfo: { userName: hit.username },
				}));
				return {
					query: term,
					offset: next,
					data: splitIntoBoxes(raw, () => hits.length),
					continueFlag: more ? 1 : 0,
					searchID: searchId,
				};
			}
			return {
				username: name,
				keyword: term,
				count: items.length,
				items: marked,
				continue_flag: more ? 1 : 0,
				next_cursor: { offset: next, search_id: searchId },
			};
		},
	},
};

function username(input: Input): string {
	const value = requiredString(input, 'username').trim();
	if (!/^v2_[0-9a-fA-F]+@finder$/.test(value))
		throw new HttpError(
			400,
			'Invalid username: must be a finder username of the form v2_<hex>@finder',
			'input.username',
		);
	return value;
}

const item = (title: string, content: string, type: number) => ({
	title,
	content,
	type,
	jumpInfo: type === 2 ? { jumpType: 1, url: 'https://channels.example.com/auth' } : null,
});

/** object_id first, then export_id, then share_url; object_nonce_id only helps the lookup. */
function detailTarget(input: Input, ctx: DataContext): ChannelVideo {
	const objectId = optionalDigits(input, 'object_id');
	optionalDigits(input, 'object_nonce_id');
	const exportId = optionalString(input, 'export_id')?.trim();
	const shareUrl = optionalString(input, 'share_url')?.trim();
	if (objectId) return ctx.dataset.channelVideo(objectId);
	if (exportId) {
		if (!exportId.startsWith('export/'))
			throw new HttpError(400, 'Invalid export_id: must start with export/', 'input.export_id');
		return ctx.dataset.channelVideoByExportId(exportId);
	}
	if (shareUrl) {
		if (!/^https?:\/\//.test(shareUrl))
			throw new HttpError(400, 'Invalid share_url: must be an http(s) link', 'input.share_url');
		return ctx.dataset.channelVideoByShareUrl(shareUrl);
	}
	throw missing('object_id, export_id or share_url');
}

function bufferPage<T>(list: readonly T[], input: Input, listKey: string, ctx: DataContext) {
	const offset = readOffset(optionalString(input, 'last_buffer'), 'last_buffer', listKey);
	const { items, next, more } = pageAt(list, offset, ctx.pageSize);
	return { items, flag: more ? 1 : 0, buffer: offsetCursor(listKey, next) };
}

const PARSED_VIDEO_FIELDS = [
	'id',
	'object_nonce_id',
	'username',
	'nickname',
	'title',
	'read_count',
	'like_count',
	'fav_count',
	'forward_count',
	'comment_count',
	'create_time',
	'location',
] as const;

function parsedVideo(video: ChannelVideo, ctx: DataContext) {
	return { ...pick(video, PARSED_VIDEO_FIELDS), media: channelMedia(ctx, video.id) };
}

function rawMedia(objectId: bigint, seconds: number, ctx: DataContext) {
	const media = channelMedia(ctx, objectId);
	return {
		url: media.url,
		urlToken: media.url_token,
		decodeKey: media.decode_key,
		mediaType: 4,
		videoPlayLen: seconds,
		thumbUrl: `${media.url}&picformat=200`,
	};
}

function rawVideo(video: ChannelVideo, ctx: DataContext) {
	return {
		id: video.id,
		objectNonceId: video.object_nonce_id,
		username: video.username,
		nickname: video.nickname,
		createtime: video.create_time,
		readCount: video.read_count,
		likeCount: video.like_count,
		favCount: video.fav_count,
		forwardCount: video.forward_count,
		commentCount: video.comment_count,
		objectType: video.object_type === 'video' ? 4 : 2,
		objectDesc: {
			description: video.title,
			mediaType: video.object_type === 'video' ? 4 : 2,
			media: [rawMedia(video.id, video.duration, ctx)],
			location: video.location,
		},
	};
}

function rawComment(comment: ChannelComment) {
	return {
		commentId: comment.comment_id,
		nickname: comment.nickname,
		username: comment.username,
		content: comment.content,
		likeCount: comment.like_count,
		createtime: comment.create_time,
		headUrl: comment.head_url,
		ipRegionInfo: { regionText: comment.ip_region },
		expandCommentCount: comment.reply_count,
	};
}

const PARSED_LIVE_FIELDS = [
	'id',
	'live_id',
	'username',
	'nickname',
	'title',
	'create_time',
	'read_count',
	'like_count',
	'fav_count',
	'forward_count',
	'comment_count',
] as const;

function parsedLive(live: Live, ctx: DataContext) {
	return { ...pick(live, PARSED_LIVE_FIELDS), media: channelMedia(ctx, live.id) };
}

function rawLive(live: Live, ctx: DataContext) {
	return {
		id: live.id,
		username: live.username,
		nickname: live.nickname,
		createtime: live.create_time,
		readCount: live.read_count,
		likeCount: live.like_count,
		favCount: live.fav_count,
		forwardCount: live.forward_count,
		commentCount: live.comment_count,
		liveInfo: {
			liveId: live.live_id,
			liveStatus: live.live_status,
			replayStatus: live.replay_status,
		},
		objectDesc: { description: live.title, mediaType: 4, media: [rawMedia(live.id, 3_600, ctx)] },
	};
}
