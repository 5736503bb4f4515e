import type { IDataObject, INodeParameters } from 'n8n-workflow';
import {
	ARTICLE_URL,
	asItems,
	commentRow,
	mentionRow,
	NOTE_ID,
	NOTE_URL,
	reportParameters,
	rowsOf,
	runBrandReport,
	spikeItem,
	VIDEO_ID,
} from './setup';

/** Comments are mentions: the report lists the negative ones to answer first, each with its post's link. */

const negativePosts = (brand: string, count: number, start: number) =>
	rowsOf(brand, count, start).map((row) => ({ ...row, label: 'negative' }));

/** acme: 3 negative posts and 5 negative comments; rival: 2 negative comments; some other posts. */
const day = () => [
	...negativePosts('acme', 3, 0),
	...[10, 11, 12, 13, 14].map((n, i) => commentRow('acme', n, 60 + i * 90)),
	...[20, 21].map((n, i) => commentRow('rival', n, 120 + i * 30)),
	...rowsOf('acme', 4, 40).filter((row) => row.label !== 'negative'),
];

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const wecomContent = (body: IDataObject) => (body.markdown as IDataObject).content as string;
const feishuText = (body: IDataObject) =>
	((body.card as IDataObject).elements as Array<{ text: { content: string } }>)
		.map((element) => element.text.content)
		.join('\n');
const dingtalkText = (body: IDataObject) => (body.markdown as IDataObject).text as string;

async function report(rows: IDataObject[], extra: INodeParameters = {}) {
	const { json, error } = await runBrandReport(reportParameters(extra), asItems(rows));
	expect(error).toBeUndefined();
	return json[0];
}

describe('Build Report: comments to answer first', () => {
	test('the e-mail lists each brand’s negative comments newest first, each once, with its text, author, place, time and the post’s link', async () => {
		const html = (await report(day())).html as string;
		expect(html).toContain('Comments to answer first: 7 negative comments');
		// "Answer first" keeps the posts: the comments are not listed there too.
		expect(html).toContain('Answer first: 3 negative mentions');
		for (const n of [10, 11, 12, 13, 14, 20, 21])
			expect(occurrences(html, `comment ${n}: my order never arrived`)).toBe(1);
		const section = html.slice(html.indexOf('Comments to answer first'));
		// Newest first: comment 14 was written last.
		const order = [14, 13, 12, 11, 10].map((n) => section.indexOf(`acme comment ${n}:`));
		expect(order).toEqual([...order].sort((a, b) => a - b));
		expect(section.indexOf('acme comment 10:')).toBeLessThan(section.indexOf('rival comment 21:'));
		expect(section).toContain('&ldquo;acme comment 12: my order never arrived');
		expect(section).toContain('commenter-12');
		// The platforms go round: comment 12 is under the note, 13 under the video, 14 under the article.
		expect(section).toMatch(
			/Notes comment &middot; 11-25 \d\d:\d\d \(UTC\+8\) &middot; commenter-12/,
		);
		expect(section).toContain(`href="${NOTE_URL}"`);
		expect(section).toContain(`href="${ARTICLE_URL}"`);
		expect(section).toContain(`No web link on Videos: open in the app: ${VIDEO_ID}`);
		// A comment's own count of answers reads as replies.
		expect(section).toContain('12 likes &middot; 2 replies');
	});

	test('Markdown and every chat bot carry the same section, within their limits', async () => {
		const result = await report(day());
		const markdown = result.markdown as string;
		expect(markdown).toContain('**Comments to answer first: 5 negative comments — acme**');
		expect(markdown).toContain('**Comments to answer first: 2 negative comments — rival**');
		expect(markdown).toContain(
			`1. “acme comment 14: my order never arrived and nobody answers my messages” — commenter-14 (Articles, `,
		);
		expect(markdown).toContain(`[open the post](${NOTE_URL})`);
		expect(markdown).toContain(`(open in the app: ${VIDEO_ID})`);
		expect(occurrences(markdown, 'acme comment 12:')).toBe(1);
		const bots = {
			feishu: feishuText((result.feishu as IDataObject[])[0]),
			wecom: wecomContent((result.wecom as IDataObject[])[0]),
			dingtalk: dingtalkText((result.dingtalk as IDataObject[])[0]),
		};
		for (const text of Object.values(bots)) {
			expect(text).toContain('Comments to answer first: 5 negative comments — acme');
			expect(text).toContain(NOTE_URL);
			expect(occurrences(text, 'acme comment 12:')).toBe(1);
		}
		expect(Buffer.byteLength(bots.wecom)).toBeLessThanOrEqual(4_096);
	});

	test('many comments: five per brand in chat and ten in the e-mail, then how many more; every bot within its limit', async () => {
		const rows = Array.from({ length: 60 }, (_, n) =>
			commentRow('acme', n, n * 20, {
				text: `评论 ${n}：订单一直没有发货，客服也不回复，太失望了。`.repeat(5),
				title: `评论 ${n}：订单一直没有发货`,
			}),
		);
		const result = await report(rows);
		expect(result.html).toContain('…and 50 more negative comments.');
		expect(result.markdown).toContain('…and 55 more negative comments.');
		for (const body of result.wecom as IDataObject[])
			expect(Buffer.byteLength(wecomContent(body))).toBeLessThanOrEqual(4_096);
		for (const format of ['feishu', 'dingtalk'])
			for (const body of result[format] as IDataObject[])
				expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(20_000);
		// A comment's text is shortened, not cut off mid-message.
		expect(result.markdown).toMatch(/“评论 59：[^”]{90,}…”/);
	});

	test('with the section turned off, the negative comments are listed once under Answer first, marked as comments', async () => {
		const result = await report(day(), {
			sections: ['headlines', 'answerFirst', 'platforms'],
		});
		const html = result.html as string;
		expect(html).not.toContain('Comments to answer first');
		expect(html).toContain('Answer first: 10 negative mentions');
		for (const n of [10, 11, 12, 13, 14, 20, 21])
			expect(occurrences(html, `comment ${n}: my order never arrived`)).toBe(1);
		expect(html).toMatch(/Notes comment &middot;/);
		expect(result.markdown).toContain('**Answer first: 8 negative mentions — acme**');
		expect(result.markdown).toMatch(/acme comment 12: .*\(Notes comment, 11-25/);
	});

	test('only comments are negative: Answer first says where they are instead of "nothing negative"', async () => {
		const rows = [
			...rowsOf('acme', 4, 40).filter((row) => row.label !== 'negative'),
			commentRow('acme', 12, 30),
		];
		const html = (await report(rows, { brands: { brand: [{ name: 'acme' }] } })).html as string;
		expect(html).toContain('Answer first: 0 negative mentions');
		expect(html).toContain('No negative posts; the negative comments are listed below.');
		expect(html).not.toContain('Nothing negative today.');
		expect(html).toContain('Comments to answer first: 1 negative comment');
	});

	test('a day without negative comments has no such section', async () => {
		const result = await report(negativePosts('acme', 3, 0));
		expect(result.html).not.toContain('Comments to answer first');
		expect(result.markdown).not.toContain('Comments to answer first');
	});

	test('Simplified Chinese', async () => {
		const result = await report(day(), { language: 'zh' });
		expect(result.html).toContain('优先回复的评论：7 条负面评论');
		expect(result.html).toContain('笔记评论');
		expect(result.markdown).toContain('**优先回复的评论：5 条负面评论 — acme**');
		expect(result.markdown).toContain(`[打开原帖](${NOTE_URL})`);
		expect(result.markdown).toContain(`在 App 中打开：${VIDEO_ID}`);
		expect(result.markdown).not.toMatch(/Comments to answer|open the post/);
	});

	test('rows stored before comments were mentions (no kind, or an empty column) stay posts', async () => {
		const [first, ...rest] = negativePosts('acme', 3, 0);
		const rows = [{ ...first, kind: null, postId: null }, ...rest];
		const html = (await report(rows)).html as string;
		expect(html).toContain('Answer first: 3 negative mentions');
		expect(html).not.toContain('comment &middot;');
	});
});

describe('Spikes and alerts count comments as mentions', () => {
	test('Check Spikes counts comments and keeps their kind and post; the alert lists them with the post’s link', async () => {
		const now = Date.parse('2026-11-25T09:00:00.000Z');
		const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
		const history = [
			// A usual week: one negative post a day.
			...Array.from({ length: 7 }, (_, d) =>
				mentionRow('acme', 100 + d, { label: 'negative', firstSeen: at((d + 1) * 24 * 60) }),
			),
			...Array.from({ length: 8 }, (_, n) =>
				commentRow('acme', 12 + n * 3, 0, { firstSeen: at(5 + n), publishedAt: at(6 + n) }),
			),
		];
		const spikes = await runBrandReport(
			{ operation: 'checkSpikes', now: new Date(now).toISOString() },
			asItems(history),
		);
		expect(spikes.error).toBeUndefined();
		expect(spikes.json).toHaveLength(1);
		const spike = spikes.json[0];
		expect(spike.count).toBe(8);
		const mentions = spike.mentions as IDataObject[];
		for (const mention of mentions)
			expect(mention).toMatchObject({ kind: 'comment', postId: NOTE_ID, url: NOTE_URL });

		const alert = await runBrandReport(
			{ operation: 'buildAlert', formats: ['email', 'markdown', 'wecom'] },
			[{ json: spike }],
		);
		expect(alert.error).toBeUndefined();
		const { html, markdown } = alert.json[0] as { html: string; markdown: string };
		expect(html).toContain('Posts and comments to answer first');
		expect(html).toContain(`href="${NOTE_URL}"`);
		expect(markdown).toContain('**Posts and comments to answer first**');
		expect(markdown).toMatch(
			/\[acme comment \d+: my order never arrived[^\]]*\]\(https:\/\/www\.xiaohongshu\.com\/explore\/6260d671556101570f0401ed\) \(Notes comment, /,
		);
	});

	test('an alert of posts only keeps its title', async () => {
		const { json } = await runBrandReport({ operation: 'buildAlert', formats: ['markdown'] }, [
			{ json: spikeItem('acme', negativePosts('acme', 6, 0)) },
		]);
		expect(json[0].markdown).toContain('**Posts to answer first**');
		expect(json[0].markdown).not.toContain('comments to answer');
	});
});
