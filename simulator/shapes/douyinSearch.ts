import { IMAGE_POST, type DouyinPost } from '../dataset/douyinSearch';
import { valueAt } from '../objectPaths';
import { pour, recordedAnswer } from './template';

/**
 * Douyin search answers in the recorded shape (simulator/recorded/shortVideo/fetch_general_search_v1.json):
 * the simulator's posts poured into the captured hits, each value in the type the capture gives
 * it (`provider_doc_id` a bare 64-bit number beside `provider_doc_id_str`, ids as strings).
 */

const GENERAL_SEARCH = 'shortVideo/fetch_general_search_v1.json';
/** The capture's first hit is an image post, its second a video. */
const IMAGE_HIT = 'data.0';
const VIDEO_HIT = 'data.1';

/** `value` in the type the template holds at `path` (bigint, number or string). */
function asRecorded(template: unknown, path: string, value: string | number): unknown {
	const recorded = valueAt(template, path);
	if (typeof recorded === 'bigint') return BigInt(value);
	if (typeof recorded === 'number') return Number(value);
	return String(value);
}

/** Pours `values` into a copy of `template`, each in its recorded type. */
function pourTyped(template: unknown, values: Record<string, string | number>) {
	return pour(
		template,
		Object.fromEntries(
			Object.entries(values).map(([path, value]) => [path, asRecorded(template, path, value)]),
		),
	);
}

export function recordedDouyinHit(post: DouyinPost): Record<string, unknown> {
	const image = post.aweme_type === IMAGE_POST;
	const template = valueAt(recordedAnswer(GENERAL_SEARCH), image ? IMAGE_HIT : VIDEO_HIT);
	const id = post.aweme_id;
	const kind = image ? 'note' : 'video';
	const shareUrl = `https://www.iesdouyin.com/share/${kind}/${id}/?region=CN&u_code=0`;
	const { statistics: stats, author } = post;
	return pourTyped(template, {
		provider_doc_id: id,
		provider_doc_id_str: id,
		fp:
			JSON.stringify({
				app_id: 615883,
				id: '__ID__',
				card_name: `doctype_aweme_${image ? 'image' : 'video'}`,
				custom_fp: '',
			}).replace('"__ID__"', id) + (image ? '_0' : ''),
		'log_data.search_result_id': id,
		'impression_server_log.gid': id,
		'impression_server_log.publish_username': author.nickname,
		'aweme_info.aweme_id': id,
		'aweme_info.group_id': id,
		'aweme_info.desc': post.desc,
		'aweme_info.create_time': post.create_time,
		'aweme_info.aweme_type': post.aweme_type,
		'aweme_info.duration': post.duration,
		'aweme_info.video.duration': post.duration,
		'aweme_info.share_url': shareUrl,
		'aweme_info.share_info.share_url': shareUrl,
		'aweme_info.author.uid': author.uid,
		'aweme_info.author.sec_uid': author.sec_uid,
		'aweme_info.author.nickname': author.nickname,
		'aweme_info.author_user_id': author.uid,
		'aweme_info.statistics.aweme_id': id,
		'aweme_info.statistics.digg_count': stats.digg_count,
		'aweme_info.statistics.comment_count': stats.comment_count,
		'aweme_info.statistics.share_count': stats.share_count,
		'aweme_info.statistics.collect_count': stats.collect_count,
		'aweme_info.status.aweme_id': id,
	});
}

/**
 * A card among the hits: the captured hit wrapper without `aweme_info` (genuine general-search
 * answers mix user and topic cards into `data[]`; none was captured, see the recorded README).
 */
export function recordedDouyinCard(): Record<string, unknown> {
	const hit = valueAt(recordedAnswer(GENERAL_SEARCH), VIDEO_HIT) as Record<string, unknown>;
	const card = Object.fromEntries(Object.entries(hit).filter(([key]) => key !== 'aweme_info'));
	return card;
}

export interface DouyinSearchPage {
	records: Record<string, unknown>[];
	cursor: number;
	hasMore: boolean;
	logid: string;
	backtrace: string;
	nowMs: number;
}

/** A search page: the captured root with the records, `cursor`, `has_more`, log ids and `backtrace` of this page. */
export function recordedDouyinSearchPage(page: DouyinSearchPage) {
	const root = recordedAnswer(GENERAL_SEARCH);
	return {
		...root,
		data: page.records,
		cursor: page.cursor,
		has_more: page.hasMore ? 1 : 0,
		extra: { ...(root.extra as object), now: page.nowMs, logid: page.logid },
		log_pb: { ...(root.log_pb as object), impr_id: page.logid },
		backtrace: page.backtrace,
	};
}
