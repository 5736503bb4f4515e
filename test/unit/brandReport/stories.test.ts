import { readMention } from '../../../nodes/BrandReport/render/mention';
import type { StoredMention } from '../../../nodes/BrandReport/render/mention';
import {
	groupStories,
	linkKey,
	MIN_TITLE_WEIGHT,
	storyKeys,
	titleKey,
	titleWeight,
} from '../../../nodes/BrandReport/render/stories';

let next = 0;
/** A stored mention of acme; `extra` overrides the row's fields (a distinct id and title by default). */
function mention(extra: Record<string, unknown> = {}): StoredMention {
	next += 1;
	const platform = (extra.platform as string | undefined) ?? 'notes';
	const id = `${7300000000000000000n + BigInt(next)}`;
	return readMention({
		key: `${platform}:${id}`,
		brand: 'acme',
		platform,
		id,
		label: 'neutral',
		title: `A post of its own, number ${next}, about the acme blender`,
		url: `https://example.com/${platform}/${id}`,
		likes: 10,
		comments: 1,
		shares: null,
		reads: null,
		firstSeen: '2026-11-25T08:00:00.000Z',
		...extra,
	});
}

const keysOf = (stories: ReturnType<typeof groupStories>) =>
	stories.map((story) => story.mentions.map((member) => member.key).sort());

describe('linkKey: two links of the same page are one', () => {
	const article = 'https://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv';

	test.each([
		['http instead of https', 'http://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv'],
		['host in capitals', 'https://MP.WeiXin.QQ.com/s/AbCdEfGhIjKlMnOpQrStUv'],
		['a trailing slash', `${article}/`],
		['a fragment', `${article}#comments`],
		['utm_ parameters', `${article}?utm_source=wechat&utm_medium=share&UTM_Campaign=nov`],
		['share ids and the scene', `${article}?share_id=abc123&shareId=9&scene=1&from=timeline`],
		['surrounding spaces', `  ${article} `],
	])('%s', (_, variant) => {
		expect(linkKey(variant)).toBe(linkKey(article));
	});

	test('a note with its xsec token, on the mobile or the www host, is the note', () => {
		const note = 'https://www.xiaohongshu.com/explore/6260d671556101570f0401ed';
		expect(linkKey(`${note}?xsec_token=ABxyz&xsec_source=pc_search`)).toBe(linkKey(note));
		expect(linkKey('https://m.xiaohongshu.com/explore/6260d671556101570f0401ed')).toBe(
			linkKey(note),
		);
		expect(linkKey(note)).toBe('xiaohongshu.com/explore/6260d671556101570f0401ed');
	});

	test('what names the page stays, in any order; a different page, path case or parameter is another link', () => {
		const long =
			'https://mp.weixin.qq.com/s?__biz=MzA5NjQ1ODQ2MA==&mid=2651234567&idx=1&sn=5f2c0e1b';
		expect(
			linkKey(
				'https://mp.weixin.qq.com/s?sn=5f2c0e1b&idx=1&chksm=8b0a&mid=2651234567&__biz=MzA5NjQ1ODQ2MA==&scene=27',
			),
		).toBe(linkKey(long));
		expect(linkKey(long.replace('idx=1', 'idx=2'))).not.toBe(linkKey(long));
		expect(linkKey(`${article}x`)).not.toBe(linkKey(article));
		expect(linkKey(article.toLowerCase())).not.toBe(linkKey(article));
		expect(linkKey('https://example.com:8443/a')).not.toBe(linkKey('https://example.com/a'));
	});

	test('what is not an http(s) link has no key', () => {
		expect(linkKey('snssdk1128://aweme/detail/7300000000000000001')).toBeNull();
		expect(linkKey('not a link')).toBeNull();
	});
});

describe('titleKey: markup, punctuation, width and case do not count', () => {
	test('a search hit’s highlight markup and HTML entities', () => {
		expect(titleKey('Why <em class="highlight">acme</em> &amp; rival matter')).toBe(
			titleKey('Why acme & rival matter'),
		);
		expect(titleKey('Tom&#39;s acme &#x2764; review')).toBe('tomsacmereview');
	});

	test('Chinese full-width punctuation, full-width Latin letters and digits, spaces', () => {
		const plain = 'ACME新品发布会 搅拌机用了3个月的真实感受';
		expect(titleKey('【ＡＣＭＥ新品发布会】搅拌机用了３个月的真实感受！！')).toBe(titleKey(plain));
		expect(titleKey('“acme新品发布会”，搅拌机用了3个月的真实感受。')).toBe(titleKey(plain));
		expect(titleKey(plain)).toBe('acme新品发布会搅拌机用了3个月的真实感受');
		// The example of docs/brand-report.md.
		expect(titleKey('【ACME X2 搅拌机】三个月后，电机还在转！🔥')).toBe(
			titleKey('acme x2 搅拌机 三个月后 电机还在转'),
		);
	});

	test('emoji, symbols, hashtags and case', () => {
		expect(titleKey('🔥🔥 The ACME blender — after 3 months!!! #review #acme 👍🏽')).toBe(
			titleKey('the acme blender after 3 months review acme'),
		);
	});

	test('a title counts Latin letters and digits once, Chinese characters twice; short ones never join a story', () => {
		expect(titleWeight(titleKey('视频'))).toBe(4);
		expect(titleWeight(titleKey('new post'))).toBe(7);
		expect(titleWeight(titleKey('First look at acme'))).toBe(15);
		expect(titleWeight(titleKey('My honest take on acme'))).toBe(18);
		expect(titleWeight(titleKey('acme开箱视频'))).toBe(12);
		expect(MIN_TITLE_WEIGHT).toBe(16);
		for (const title of [
			'',
			'视频',
			'new post',
			'First look at acme',
			'今天的开箱视频',
			'(untitled)',
		])
			expect(storyKeys(mention({ title, url: null }))).toEqual([]);
		// Eight Chinese characters say enough.
		expect(storyKeys(mention({ title: '搅拌机三天就坏了', url: null }))).toEqual([
			'title 搅拌机三天就坏了',
		]);
	});
});

describe('groupStories: one story per set of mentions linked by a shared link or title', () => {
	test('a cross-post is one story: its platforms once each, its figures summed, most engaged first', () => {
		const title = 'Acme blender review after three months of daily use';
		const note = mention({ platform: 'notes', title, likes: 120, comments: 30, shares: 4 });
		const video = mention({
			platform: 'channels',
			title: `【${title.toUpperCase()}】`,
			url: null,
			openInApp: 'export/abc',
			likes: 400,
			comments: 10,
			shares: 6,
		});
		const article = mention({
			platform: 'articles',
			title: `${title}!`,
			likes: 5,
			comments: null,
			reads: 9000,
		});
		const other = mention({ likes: 1000 });
		const stories = groupStories([note, other, video, article]);
		expect(keysOf(stories)).toEqual([[other.key], [note.key, video.key, article.key].sort()]);
		const [, story] = stories;
		// Most engaged first; the title and link are the most engaged mention's with a web link.
		expect(story.mentions.map((member) => member.key)).toEqual([video.key, note.key, article.key]);
		expect(story.lead).toBe(note);
		expect(story.platforms).toEqual(['channels', 'notes', 'articles']);
		expect(story.reach).toEqual({ likes: 525, comments: 40, shares: 10, reads: 9000 });
		// 416 + 154 + 5 + 9000 / 100
		expect(story.engagement).toBe(416 + 154 + 5 + 90);
	});

	test('a shared link joins mentions whose titles differ', () => {
		const article = mention({
			platform: 'articles',
			title: 'Acme answers',
			url: 'https://mp.weixin.qq.com/s/Xy',
		});
		const web = mention({
			platform: 'web',
			title: '官方回应',
			url: 'http://MP.weixin.qq.com/s/Xy/?utm_source=x',
		});
		expect(keysOf(groupStories([article, web]))).toEqual([[article.key, web.key].sort()]);
	});

	test('transitive: A and B share a link, B and C a title, so A, B and C are one story', () => {
		const a = mention({
			platform: 'web',
			title: 'short',
			url: 'https://news.example.com/acme-recall',
		});
		const b = mention({
			platform: 'articles',
			title: 'Acme recalls the X2 blender after overheating reports',
			url: 'https://news.example.com/acme-recall/?share_id=7',
		});
		const c = mention({
			platform: 'douyin',
			title: 'ACME RECALLS THE X2 BLENDER AFTER OVERHEATING REPORTS 😱',
		});
		const d = mention({ platform: 'notes' });
		const stories = groupStories([c, d, a, b]);
		expect(stories).toHaveLength(2);
		expect(keysOf(stories)).toContainEqual([a.key, b.key, c.key].sort());
		// Also when the chain is read in the other order.
		expect(keysOf(groupStories([a, d, c, b]))).toContainEqual([a.key, b.key, c.key].sort());
	});

	test('the same platform twice: a repost with the same title is the same story, its platform listed once', () => {
		const title = '搅拌机用了一周就坏了，客服一直没有回复';
		const first = mention({ platform: 'notes', title, likes: 50 });
		const repost = mention({ platform: 'notes', title: `${title}！！`, likes: 7 });
		const [story, ...rest] = groupStories([first, repost]);
		expect(rest).toEqual([]);
		expect(story.mentions).toEqual([first, repost]);
		expect(story.platforms).toEqual(['notes']);
	});

	test('short or generic titles stay apart, and so do different titles', () => {
		const stories = groupStories([
			mention({ title: '视频' }),
			mention({ title: '视频', platform: 'douyin' }),
			mention({ title: 'new post', platform: 'articles' }),
			mention({ title: 'new post', platform: 'web' }),
			mention({ title: 'Acme blender review after three months' }),
			mention({ title: 'Acme blender review after four months', platform: 'articles' }),
		]);
		expect(stories).toHaveLength(6);
	});

	test('a comment is never part of a story: neither by its post’s link nor by its title', () => {
		const title = 'Acme blender review after three months of daily use';
		const post = mention({ platform: 'notes', title, url: 'https://example.com/notes/post' });
		const comment = mention({
			platform: 'notes',
			kind: 'comment',
			postId: 'post',
			title,
			url: 'https://example.com/notes/post',
		});
		const article = mention({ platform: 'articles', title });
		expect(keysOf(groupStories([post, comment, article]))).toEqual(
			expect.arrayContaining([[post.key, article.key].sort(), [comment.key]]),
		);
	});

	test('brands are apart: a post about two brands is a story of each', () => {
		const url = 'https://example.com/notes/both';
		const acme = mention({ url });
		const rival = { ...mention({ url }), brand: 'rival' };
		expect(groupStories([acme, rival])).toHaveLength(2);
	});

	test('figures no mention has stay null; stories are ordered by summed engagement', () => {
		const title = 'Acme blender review after three months of daily use';
		const one = mention({ title, likes: 3, comments: null, shares: null, reads: null });
		const two = mention({
			title,
			platform: 'articles',
			likes: 4,
			comments: null,
			shares: null,
			reads: null,
		});
		const single = mention({ likes: 6, comments: 0 });
		const stories = groupStories([single, one, two]);
		expect(stories[0].reach).toEqual({ likes: 7, comments: null, shares: null, reads: null });
		expect(stories.map((story) => story.engagement)).toEqual([7, 6]);
	});
});
