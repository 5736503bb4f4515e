import type { SearchHit, VideoHit } from '../dataset/search';
import type { Box } from '../routes/data/boxes';
import { highlight } from '../dataset/text';

/**
 * Raw search hits as other people's fixtures of the same upstream and a genuine capture show them
 * (simulator/recorded/README.md, search): a video hit carries display text where the
 * spec's parsed answer has numbers — `likeNum` "1.2万", `dateTime` "3天前" with the epoch in
 * `pubTime`, `duration` "04:05" — and `jumpInfo.extInfo` is JSON text holding `feedNonceId`.
 */

/** A count as the platform displays it: exact below 10,000, then "1.2万", and "10万+" from 100,000. */
export function displayCount(value: number): string {
	if (value >= 100_000) return '10万+';
	if (value >= 10_000) return `${(Math.floor(value / 1_000) / 10).toString()}万`;
	return String(value);
}

/** How long ago, as the platform writes it: "刚刚", "5分钟前", "3小时前", "2天前", "4年前". */
export function displayAge(seconds: number, nowSeconds: number): string {
	const age = Math.max(0, nowSeconds - seconds);
	const units: Array<[number, string]> = [
		[365 * 86_400, '年'],
		[30 * 86_400, '个月'],
		[86_400, '天'],
		[3_600, '小时'],
		[60, '分钟'],
	];
	for (const [size, unit] of units) if (age >= size) return `${Math.floor(age / size)}${unit}前`;
	return '刚刚';
}

const clock = (seconds: number) =>
	`${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export function recordedVideoHit(hit: VideoHit, nowSeconds: number, keyword: string) {
	return {
		docID: hit.docID,
		exportId: hit.exportId,
		duration: clock(hit.duration),
		likeNum: displayCount(hit.like_num),
		commentNum: displayCount(hit.comment_num),
		forwardNum: displayCount(hit.forward_num),
		pubTime: hit.dateTime,
		dateTime: displayAge(hit.dateTime, nowSeconds),
		title: hit.title,
		desc: hit.desc,
		nickName: hit.nickName,
		// The account name, the keyword marked in it as in titles (recorded/search/fetch_search.finder.json).
		source: { iconUrl: '', title: highlight(hit.nickName, keyword) },
		jumpInfo: {
			userName: hit.jumpInfo.userName,
			// A JSON-text field: the 64-bit nonce id sits inside it as a string.
			extInfo: JSON.stringify({
				behavior: [],
				feedNonceId: hit.jumpInfo.extInfo.feedNonceId.toString(),
			}),
		},
	};
}

/** A hit without its own `type`: genuine answers name the vertical on the box, never on a hit. */
export function withoutVertical<T extends { type: string }>({ type: _vertical, ...hit }: T) {
	return hit;
}

/** The boxes of a raw answer with their hits in the recorded shape: video hits as above, no hit typed. */
export function withRecordedHits(
	boxes: Array<Box<SearchHit>>,
	nowSeconds: number,
	keyword: string,
) {
	const shape = (hit: SearchHit) =>
		hit.type === 'video'
			? recordedVideoHit(hit as VideoHit, nowSeconds, keyword)
			: withoutVertical(hit);
	return boxes.map((box) => ({
		...box,
		items: box.items.map(shape),
		subBoxes: box.subBoxes.map((sub) => ({ ...sub, items: sub.items.map(shape) })),
	}));
}
