import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { BrandReport } from '../../../nodes/BrandReport/BrandReport.node';
import { runNode } from '../../../tools/harness';

export const BRAND_REPORT_TYPE = 'n8n-nodes-social-gateway.brandReport';
/** The workflow's time zone in these tests: the team reads every time at UTC+8. */
export const TIME_ZONE = 'Asia/Shanghai';
/** 2026-11-25, a whole day in Shanghai. */
export const PERIOD = { from: '2026-11-24T16:00:00.000Z', to: '2026-11-25T16:00:00.000Z' };

const PLATFORMS = ['notes', 'articles', 'channels', 'accounts', 'web'] as const;
const LABELS = ['positive', 'neutral', 'negative', 'neutral', 'positive', 'unclassified'] as const;

/** A history row as the Data Table keeps it; `n` makes it distinct, `extra` overrides fields. */
export function mentionRow(brand: string, n: number, extra: IDataObject = {}): IDataObject {
	const platform = PLATFORMS[n % PLATFORMS.length];
	const id = `${7300000000000000000n + BigInt(n)}`;
	return {
		key: `${platform}:${id}`,
		brand,
		platform,
		id,
		label: LABELS[n % LABELS.length],
		reason: `Reason ${n} about ${brand}`,
		title: `${brand} post ${n}: the blender broke after a week and support never answered`,
		text: `Full text of post ${n}`,
		url: platform === 'channels' ? null : `https://example.com/${platform}/${id}`,
		openInApp: platform === 'channels' ? `snssdk1128://aweme/detail/${id}` : null,
		author: `author-${n}`,
		likes: (n * 37) % 1000,
		comments: (n * 11) % 200,
		shares: n % 30,
		reads: platform === 'articles' ? n * 100 : null,
		publishedAt: '2026-11-24T22:00:00.000Z',
		firstSeen: new Date(Date.parse(PERIOD.from) + ((n * 97) % 1440) * 60_000).toISOString(),
		...extra,
	};
}

/** The posts the test comments are under: a note (web link), a channel video (app only), an article. */
export const NOTE_ID = '6260d671556101570f0401ed';
export const NOTE_URL = `https://www.xiaohongshu.com/explore/${NOTE_ID}`;
export const VIDEO_ID = '14139476937340557422';
export const ARTICLE_URL = 'https://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv';

const POSTS: Record<string, { postId: string; url: string | null; openInApp: string | null }> = {
	notes: { postId: NOTE_ID, url: NOTE_URL, openInApp: null },
	channels: { postId: VIDEO_ID, url: null, openInApp: VIDEO_ID },
	articles: { postId: ARTICLE_URL, url: ARTICLE_URL, openInApp: null },
};
const COMMENT_PLATFORMS = Object.keys(POSTS);

/** A negative comment as the history keeps it; `minutes` after the period's start it was written. */
export function commentRow(brand: string, n: number, minutes: number, extra: IDataObject = {}) {
	const platform = COMMENT_PLATFORMS[n % COMMENT_PLATFORMS.length];
	const id =
		platform === 'notes'
			? `65a1b2c3d4e5f6071829${String(n).padStart(4, '0')}`
			: `${14252357573215922000n + BigInt(n)}`;
	const text = `${brand} comment ${n}: my order never arrived and nobody answers my messages`;
	const written = new Date(Date.parse(PERIOD.from) + minutes * 60_000).toISOString();
	return mentionRow(brand, n, {
		key: `${platform}:${id}`,
		platform,
		kind: 'comment',
		id,
		...POSTS[platform],
		label: 'negative',
		title: text,
		text,
		author: `commenter-${n}`,
		reason: `Comment ${n} complains about delivery`,
		likes: n,
		comments: 2,
		shares: null,
		reads: null,
		publishedAt: written,
		firstSeen: written,
		...extra,
	});
}

export const rowsOf = (brand: string, count: number, start = 0) =>
	Array.from({ length: count }, (_, n) => mentionRow(brand, start + n));

export const asItems = (rows: IDataObject[]): INodeExecutionData[] =>
	rows.map((json) => ({ json }));

/** Build Report over the fixed test period, every format, two brands listed. */
export const reportParameters = (extra: INodeParameters = {}): INodeParameters => ({
	operation: 'buildReport',
	brands: { brand: [{ name: 'acme', colour: '#1d5fbf' }, { name: 'rival' }] },
	period: 'between',
	periodFrom: PERIOD.from,
	periodTo: PERIOD.to,
	formats: ['email', 'markdown', 'feishu', 'wecom', 'dingtalk'],
	summary: 'Most posts praise the new colours; a wave of complaints about broken blenders.',
	...extra,
});

export async function runBrandReport(
	parameters: INodeParameters,
	inputItems: INodeExecutionData[],
	continueOnFail = false,
	timezone = TIME_ZONE,
) {
	const result = await runNode({
		node: new BrandReport(),
		type: BRAND_REPORT_TYPE,
		parameters,
		inputItems,
		continueOnFail,
		timezone,
	});
	return {
		json: result.items.map((item) => item.json),
		items: result.items,
		error: result.errorOf(),
	};
}

/** A spike item as the detection step gives it. */
export function spikeItem(
	brand: string,
	mentions: IDataObject[],
	extra: IDataObject = {},
): IDataObject {
	return {
		brand,
		label: 'negative',
		windowStart: '2026-11-25T08:00:00.000Z',
		windowEnd: '2026-11-25T09:00:00.000Z',
		count: mentions.length,
		baselinePerWindow: 1.43,
		threshold: 6,
		mentions,
		...extra,
	};
}
