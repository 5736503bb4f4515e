import type { IDataObject } from 'n8n-workflow';
import { rowsOf, runBrandReport, spikeItem } from './setup';

const ALL_FORMATS = ['email', 'markdown', 'feishu', 'wecom', 'dingtalk'];
const negatives = (brand: string, count: number, start = 0) =>
	rowsOf(brand, count, start).map((row) => ({ ...row, label: 'negative' }));

describe('Build Alert', () => {
	test('one alert per spike with its figures and the posts to answer first, most engaged first', async () => {
		const { json, error } = await runBrandReport(
			{ operation: 'buildAlert', formats: ALL_FORMATS },
			[
				{ json: spikeItem('acme', negatives('acme', 8)) },
				{
					json: spikeItem('rival', negatives('rival', 3, 100), {
						label: 'positive',
						baselinePerWindow: 0,
					}),
				},
			],
		);
		expect(error).toBeUndefined();
		expect(json).toHaveLength(2);
		expect(json[0].subject).toBe('acme: 8 negative mentions in one window (usual 1.4)');
		expect(json[1].subject).toBe('rival: 3 positive mentions in one window (usual 0)');
		const markdown = json[0].markdown as string;
		expect(markdown).toContain(
			'**8** negative mentions · usual per window 1.4 · alert threshold 6',
		);
		expect(markdown).toContain('window: 2026-11-25 16:00–17:00 (UTC+8)');
		// Most engaged first: post 7 has the most likes of posts 0..7.
		expect(markdown.indexOf('acme post 7:')).toBeLessThan(markdown.indexOf('acme post 6:'));
		expect(markdown).toContain('(open in the app: snssdk1128://aweme/detail/7300000000000000002)');
		const card = (json[0].feishu as IDataObject[])[0];
		expect((card.card as IDataObject).header).toEqual({
			title: { tag: 'plain_text', content: 'Spike alert: acme' },
			template: 'red',
		});
		expect(json[0].html).toContain('Posts to answer first');
	});

	test('a spike of 300 posts is one message per bot within its limit, trimmed with the count left and the link', async () => {
		const mentions = negatives('acme', 300).map((row) => ({
			...row,
			title: `很长的标题，描述问题：${'质量问题'.repeat(40)}`,
		}));
		const { json } = await runBrandReport(
			{
				operation: 'buildAlert',
				formats: ALL_FORMATS,
				options: { fullReportUrl: 'https://reports.example.com/alerts/1' },
			},
			[{ json: spikeItem('acme', mentions) }],
		);
		for (const format of ['feishu', 'wecom', 'dingtalk']) expect(json[0][format]).toHaveLength(1);
		const wecom = ((json[0].wecom as IDataObject[])[0].markdown as IDataObject).content as string;
		expect(Buffer.byteLength(wecom)).toBeLessThanOrEqual(4_096);
		const shown = wecom.split('\n').filter((line) => /^\d+\. /.test(line)).length;
		expect(shown).toBeGreaterThan(0);
		expect(wecom).toContain(
			`*…and ${300 - shown} more mentions.* [See the full report](https://reports.example.com/alerts/1)`,
		);
		expect(
			Buffer.byteLength(JSON.stringify((json[0].feishu as IDataObject[])[0])),
		).toBeLessThanOrEqual(20_000);
		expect(
			Buffer.byteLength(JSON.stringify((json[0].dingtalk as IDataObject[])[0])),
		).toBeLessThanOrEqual(20_000);
	});

	test('Simplified Chinese alert, and one item per chat message keeps the spike it came from', async () => {
		const { json } = await runBrandReport(
			{
				operation: 'buildAlert',
				language: 'zh',
				formats: ['wecom', 'dingtalk'],
				options: { itemPerMessage: true },
			},
			[
				{ json: spikeItem('acme', negatives('acme', 4)) },
				{ json: spikeItem('rival', negatives('rival', 2, 50)) },
			],
		);
		expect(json.map((item) => [item.format, item.subject])).toEqual([
			['wecom', 'acme：一个时段内 4 条负面提及（平时 1.4）'],
			['dingtalk', 'acme：一个时段内 4 条负面提及（平时 1.4）'],
			['wecom', 'rival：一个时段内 2 条负面提及（平时 1.4）'],
			['dingtalk', 'rival：一个时段内 2 条负面提及（平时 1.4）'],
		]);
		const text = ((json[1].body as IDataObject).markdown as IDataObject).text as string;
		expect(text).toContain('### 舆情突增预警：acme');
		expect(text).toContain('优先回应的帖子');
	});
});
