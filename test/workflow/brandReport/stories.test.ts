import * as path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { screenshotReport } from '../../../tools/brandMonitoring/reportScreenshot';
import { asItems, mentionRow, reportParameters, rowsOf, runBrandReport } from './setup';

/**
 * One story, counted once: a post cross-posted to notes, a channel video and an article (its
 * title in other markup, width and case), plus a web page that links the article; and a negative
 * story on notes and Douyin. Among ordinary posts of acme and rival.
 */
const STORY = 'Acme X2 blender: three months later, the motor still runs';
const STORY_NOTE = 'https://www.xiaohongshu.com/explore/65f0c2a1000000001e03a1b2';
const STORY_ARTICLE = 'https://mp.weixin.qq.com/s/StoryAbCdEf';
const STORY_WEB = 'http://mp.weixin.qq.com/s/StoryAbCdEf/?utm_source=feed';
const COMPLAINT = 'Acme X2 blender overheats and smells of burning plastic';
const COMPLAINT_NOTE = 'https://www.xiaohongshu.com/explore/65f0c2a1000000001e03a1b3';
const COMPLAINT_VIDEO = 'https://www.douyin.com/video/7301234567890123999';

const post = (n: number, platform: string, extra: IDataObject) =>
	mentionRow('acme', n, {
		key: `${platform}:story-${n}`,
		id: `story-${n}`,
		platform,
		openInApp: null,
		reads: null,
		...extra,
	});

const crossPosted = () => [
	post(100, 'notes', {
		title: STORY,
		url: STORY_NOTE,
		label: 'positive',
		likes: 900,
		comments: 100,
		shares: 20,
	}),
	post(101, 'channels', {
		title: `【${STORY.toUpperCase()}】🔥`,
		url: null,
		openInApp: '14139476937340557999',
		label: 'positive',
		likes: 1500,
		comments: 60,
		shares: 40,
	}),
	post(102, 'articles', {
		title: 'Acme X2 blender — three months later, the motor still runs!',
		url: STORY_ARTICLE,
		label: 'neutral',
		likes: 50,
		comments: 5,
		shares: 1,
		reads: 20_000,
	}),
	post(103, 'web', {
		title: 'A portal’s headline of its own',
		url: STORY_WEB,
		label: 'neutral',
		likes: 0,
		comments: 0,
		shares: 0,
	}),
	post(104, 'notes', {
		title: COMPLAINT,
		url: COMPLAINT_NOTE,
		label: 'negative',
		reason: 'Overheating, a safety worry',
		likes: 300,
		comments: 40,
		shares: 2,
	}),
	post(105, 'douyin', {
		title: `${COMPLAINT.toLowerCase()}！！`,
		url: COMPLAINT_VIDEO,
		label: 'negative',
		reason: 'Video of the smoke',
		likes: 200,
		comments: 30,
		shares: 9,
	}),
];

/** 16 mentions of acme (10 ordinary, 6 of the two stories) and 6 of rival. */
const day = () => [...rowsOf('acme', 10), ...crossPosted(), ...rowsOf('rival', 6, 10)];

const SUMMED = '2,450 likes · 165 comments · 61 shares · 20,000 reads';
const occurrences = (text: string, part: string) => text.split(part).length - 1;
const section = (text: string, from: string, to: string) =>
	text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

async function report(extra: INodeParameters = {}) {
	const { json, error } = await runBrandReport(reportParameters(extra), asItems(day()));
	expect(error).toBeUndefined();
	return json[0];
}

describe('Build Report: one story, counted once', () => {
	test('Markdown: the cross-posted story is one line of Most engaged, with its platforms and summed figures', async () => {
		const markdown = (await report()).markdown as string;
		const top = section(markdown, '**Most engaged**', '**Trend');
		expect(top.split('\n')[1]).toBe(
			`1. [${STORY}](${STORY_NOTE}) — Videos · Notes · [Articles](${STORY_ARTICLE}) · [Web](${STORY_WEB}): ${SUMMED}`,
		);
		// No other line of the section is one of the story's mentions.
		expect(occurrences(top, 'three months later')).toBe(1);
		expect(top).not.toContain('MOTOR STILL RUNS');
	});

	test('e-mail: the story once under Most engaged, its title linking the note, the other platforms linked, the figures summed', async () => {
		const html = (await report()).html as string;
		const top = section(html, '>Most engaged<', '>Trend: ');
		expect(occurrences(top, 'three months later')).toBe(1);
		expect(occurrences(top, 'MOTOR STILL RUNS')).toBe(0);
		expect(top).toContain(`href="${STORY_NOTE}"`);
		expect(top).toContain(
			`Videos &middot; Notes &middot; <a href="${STORY_ARTICLE}" style="color:#1d5fbf;text-decoration:none;">Articles</a> &middot; <a href="${STORY_WEB}"`,
		);
		expect(top).toContain(SUMMED.replace(/ · /g, ' &middot; '));
		expect(top).toContain(
			'A story posted on several platforms (same link or same title) is listed once, its figures summed.',
		);
	});

	test('share of voice and every count still count each mention', async () => {
		const result = await report();
		const counts = result.counts as IDataObject;
		expect(counts.total).toBe(22);
		const acme = (counts.byBrand as Record<string, IDataObject>).acme;
		expect(acme).toMatchObject({ total: 16, share: 73 });
		expect((acme.byPlatform as Record<string, IDataObject>).notes.total).toBe(2 + 2);
		expect(result.markdown).toContain('**acme** 16 (73%)');
		expect(result.html).toContain('16 &middot; 73%');
		expect(result.subject).toBe(
			`acme vs rival: 22 new mentions, ${(counts.byLabel as IDataObject).negative} negative (2026-11-25)`,
		);
	});

	test('Answer first lists the negative story once with its platforms; its heading still counts mentions', async () => {
		const result = await report();
		const negatives = day().filter((row) => row.brand === 'acme' && row.label === 'negative');
		const markdown = result.markdown as string;
		const answer = section(
			markdown,
			`**Answer first: ${negatives.length} negative mentions — acme**`,
			'\n\n',
		);
		expect(answer).toContain(
			`1. [${COMPLAINT}](${COMPLAINT_NOTE}) (Notes · [Douyin](${COMPLAINT_VIDEO}), 11-25 06:00 (UTC+8)) — Overheating, a safety worry`,
		);
		expect(occurrences(answer.toLowerCase(), 'smells of burning plastic')).toBe(1);
		// Every negative mention is listed: 2 ordinary ones and the story of 2.
		expect(answer.trim().split('\n')).toHaveLength(1 + negatives.length - 1);
		const html = result.html as string;
		// Per brand: acme's title row counts its negative mentions.
		const cards = section(html, `>acme &middot; ${negatives.length}<`, '>rival &middot; ');
		expect(occurrences(cards.toLowerCase(), 'smells of burning plastic')).toBe(1);
		expect(cards).toContain(
			`<a href="${COMPLAINT_VIDEO}" style="color:#1d5fbf;text-decoration:none;">Douyin</a>`,
		);
	});

	test('the chat bots show the story once too; the output lists it with the keys of its mentions', async () => {
		const result = await report();
		const texts = [
			...(result.wecom as IDataObject[]).map((body) => JSON.stringify(body)),
			...(result.feishu as IDataObject[]).map((body) => JSON.stringify(body)),
			...(result.dingtalk as IDataObject[]).map((body) => JSON.stringify(body)),
		];
		for (const text of texts.filter((text) => text.includes('Most engaged')))
			expect(occurrences(text, 'three months later')).toBe(1);
		expect(texts.filter((text) => text.includes('Most engaged'))).toHaveLength(3);
		const [first] = result.topStories as IDataObject[];
		expect(first).toEqual({
			brand: 'acme',
			title: STORY,
			url: STORY_NOTE,
			platforms: ['channels', 'notes', 'articles', 'web'],
			keys: ['channels:story-101', 'notes:story-100', 'articles:story-102', 'web:story-103'],
			engagement: 1600 + 1020 + 56 + 200,
			likes: 2450,
			comments: 165,
			shares: 61,
			reads: 20_000,
		});
	});

	test('in Chinese: the platforms and the note in the report’s language', async () => {
		const result = await report({ language: 'zh' });
		expect(result.markdown).toContain(
			`1. [${STORY}](${STORY_NOTE}) — 视频 · 笔记 · [文章](${STORY_ARTICLE}) · [网页](${STORY_WEB}): 2,450 赞 · 165 评论 · 61 分享 · 20,000 阅读`,
		);
		expect(result.html).toContain('多个平台发布的同一内容（链接或标题相同）只列一次，互动数合计。');
	});

	test('without cross-posts the report reads as before: no note, one mention a line', async () => {
		const { json } = await runBrandReport(reportParameters(), asItems(rowsOf('acme', 8)));
		const html = json[0].html as string;
		expect(html).toContain('>Most engaged<');
		expect(html).not.toContain('listed once, its figures summed');
		expect(
			(json[0].topStories as IDataObject[]).every((story) => (story.keys as string[]).length === 1),
		).toBe(true);
	});

	test('as the reader sees it in a browser: one line, its platforms and summed figures (test-artifacts/brand-report/report-stories.png)', async () => {
		const html = (await report()).html as string;
		const rendered = await screenshotReport(
			html,
			path.join(
				__dirname,
				'..',
				'..',
				'..',
				'test-artifacts',
				'brand-report',
				'report-stories.png',
			),
		);
		expect(rendered.text).toContain(`${STORY}\nacme · Videos · Notes · Articles · Web · ${SUMMED}`);
		expect(rendered.links).toEqual(expect.arrayContaining([STORY_NOTE, STORY_ARTICLE, STORY_WEB]));
	}, 120_000);
});
