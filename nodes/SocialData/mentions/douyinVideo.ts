import type { IDataObject } from 'n8n-workflow';
import type { MentionItem } from './mention';
import { count, firstTime, pick, plainNameOrNull, text, titleOr } from './mention';

const DOUYIN_WEB = 'https://www.douyin.com';

/** Image posts (`aweme_type` 68, or a record carrying images) open at /note/, videos at /video/. */
const IMAGE_POST_TYPE = 68;

function isImagePost(aweme: IDataObject): boolean {
	const images = aweme.images;
	return (
		Number(aweme.aweme_type) === IMAGE_POST_TYPE || (Array.isArray(images) && images.length > 0)
	);
}

/**
 * A Douyin search hit as a mention: the hit's `aweme_info` (or a bare aweme record, as video lists
 * carry it). A card among the hits has no aweme record: its mention has an empty id and no link.
 */
export function douyinVideo(record: IDataObject): MentionItem {
	const aweme = (record.aweme_info ?? (record.aweme_id === undefined ? {} : record)) as IDataObject;
	const id = text(pick(aweme, ['aweme_id']));
	const body = text(pick(aweme, ['desc']));
	return {
		platform: 'douyin',
		kind: 'post',
		postId: null,
		id,
		url: id ? `${DOUYIN_WEB}/${isImagePost(aweme) ? 'note' : 'video'}/${id}` : null,
		title: titleOr('', body),
		text: body,
		author: plainNameOrNull(pick(aweme, ['author.nickname'])),
		publishedAt: firstTime(aweme, ['create_time']),
		likes: count(pick(aweme, ['statistics.digg_count'])),
		comments: count(pick(aweme, ['statistics.comment_count'])),
		shares: count(pick(aweme, ['statistics.share_count'])),
		reads: null,
		openInApp: null,
		source: record,
	};
}
