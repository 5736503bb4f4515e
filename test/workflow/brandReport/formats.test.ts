import type { IDataObject } from 'n8n-workflow';
import { asItems, mentionRow, reportParameters, rowsOf, runBrandReport } from './setup';

const FULL = 'https://reports.example.com/2026-11-25';
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const bodyBytes = (body: unknown) => bytes(JSON.stringify(body));
const wecomContent = (body: IDataObject) => (body.markdown as IDataObject).content as string;
const feishuText = (body: IDataObject) =>
	((body.card as IDataObject).elements as Array<{ text: { content: string } }>)
		.map((element) => element.text.content)
		.join('\n');
const dingtalkText = (body: IDataObject) => (body.markdown as IDataObject).text as string;

/** A big day: 2 brands × 400 mentions whose Chinese titles and reasons are long (3 bytes a character). */
const bigDay = () =>
	['acme', 'rival'].flatMap((brand, b) =>
		rowsOf(brand, 400, b * 400).map((row, n) => ({
			...row,
			title: `${brand} 第${n}条：搅拌机用了一周就坏了，客服一直没有回复。`.repeat(6),
			reason: '用户抱怨产品质量和售后服务，情绪强烈，可能扩散。'.repeat(4),
		})),
	);

async function bigReport(extra: IDataObject = {}) {
	const { json, error } = await runBrandReport(
		reportParameters({ options: { fullReportUrl: FULL }, ...extra }),
		asItems(bigDay()),
	);
	expect(error).toBeUndefined();
	return json[0];
}

describe('Build Report: every format within its bot’s limit on a big two-brand day', () => {
	test('Feishu cards stay under 20,000 bytes a request, WeCom content under 4,096 bytes, DingTalk under 20,000', async () => {
		const report = await bigReport();
		const feishu = report.feishu as IDataObject[];
		const wecom = report.wecom as IDataObject[];
		const dingtalk = report.dingtalk as IDataObject[];
		for (const body of feishu) {
			expect(bodyBytes(body)).toBeLessThanOrEqual(20_000);
			expect(body.msg_type).toBe('interactive');
		}
		for (const body of wecom) {
			expect(bytes(wecomContent(body))).toBeLessThanOrEqual(4_096);
			expect(body.msgtype).toBe('markdown');
		}
		for (const body of dingtalk) {
			expect(bodyBytes(body)).toBeLessThanOrEqual(20_000);
			expect(Object.keys(body.markdown as IDataObject).sort()).toEqual(['text', 'title']);
		}
		// Gmail clips a message past 102 KB; the e-mail keeps the 640 px table layout and no scripts.
		const html = report.html as string;
		expect(bytes(html)).toBeLessThan(102_000);
		expect(html).toContain('width="640"');
		expect(html).not.toMatch(/<script|<link|<style|<img/i);
		// WeCom's 4 KB cannot hold this day: it is split, but never into more than 3 messages.
		expect(wecom.length).toBeGreaterThan(1);
		expect(wecom.length).toBeLessThanOrEqual(3);
		expect(feishu.length).toBeLessThanOrEqual(3);
		expect(dingtalk.length).toBeLessThanOrEqual(3);
	});

	test('a split report numbers its parts, and the last part says what was left out and links the full report', async () => {
		const report = await bigReport();
		const wecom = (report.wecom as IDataObject[]).map(wecomContent);
		wecom.forEach((content, n) => expect(content).toContain(`part ${n + 1}/${wecom.length}`));
		const last = wecom[wecom.length - 1];
		expect(last).toMatch(
			/\*\d+ more sections? not shown here\.\* \[See the full report\]\(https:\/\/reports\.example\.com\/2026-11-25\)/,
		);
		// Nothing is lost between parts: the first negatives of both brands are in the messages.
		const all = wecom.join('\n');
		expect(all).toContain('Answer first: 67 negative mentions — acme');
		expect(all).toContain('Answer first: 66 negative mentions — rival');
	});

	test('with one message allowed, every bot gets one message that ends with the trim note', async () => {
		const report = await bigReport({ options: { fullReportUrl: FULL, maxMessages: 1 } });
		for (const format of ['feishu', 'wecom', 'dingtalk'] as const)
			expect((report[format] as IDataObject[]).length).toBe(1);
		expect(wecomContent((report.wecom as IDataObject[])[0])).toContain(`(${FULL})`);
		expect(bytes(wecomContent((report.wecom as IDataObject[])[0]))).toBeLessThanOrEqual(4_096);
	});

	test('without a full report URL the note points to the e-mail', async () => {
		const { json } = await runBrandReport(
			reportParameters({ options: { maxMessages: 1 } }),
			asItems(bigDay()),
		);
		expect(wecomContent((json[0].wecom as IDataObject[])[0])).toMatch(
			/not shown here\. The e-mail report has everything\.\*$/,
		);
	});

	test('a small day is one message per bot, with nothing trimmed', async () => {
		const { json } = await runBrandReport(reportParameters(), asItems(rowsOf('acme', 6)));
		for (const format of ['feishu', 'wecom', 'dingtalk'] as const) {
			const bodies = json[0][format] as IDataObject[];
			expect(bodies).toHaveLength(1);
			expect(JSON.stringify(bodies)).not.toMatch(/not shown here|part 1\//);
		}
		expect(feishuText((json[0].feishu as IDataObject[])[0])).toContain(
			'Answer first: 1 negative mention',
		);
		const dingtalk = dingtalkText((json[0].dingtalk as IDataObject[])[0]);
		expect(dingtalk).toMatch(/^### acme vs rival — Daily brand report, 2026-11-25 \(UTC\+8\)\n\n/);
		// DingTalk joins single line breaks: lines inside a block end with two spaces.
		expect(dingtalk).toContain('unclassified  \n**rival** 0 (0%)');
	});
});

describe('Build Report: escaping of user text', () => {
	const hostile = mentionRow('acme', 2, {
		title:
			'<script>alert(1)</script> **[click](javascript:alert(1))** <font color="red">x</font> "q" & \'s\'',
		reason: 'line one\nline two <at user_id="all">',
		author: '<img src=x onerror=alert(1)>',
		label: 'negative',
	});

	test('HTML shows the text and never a tag from it', async () => {
		const { json } = await runBrandReport(reportParameters(), asItems([hostile]));
		const html = json[0].html as string;
		expect(html).not.toContain('<script>');
		expect(html).not.toContain('<img src=x');
		expect(html).not.toContain('<font color="red">');
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(html).toContain('&quot;q&quot; &amp; &#39;s&#39;');
		expect(html).not.toMatch(/<script|javascript:alert\(1\)"/i);
	});

	test('Markdown and chat bodies cannot open a link, bold text or a tag from it, and JSON keeps it exact', async () => {
		const { json } = await runBrandReport(reportParameters(), asItems([hostile]));
		const markdown = json[0].markdown as string;
		const line = markdown.split('\n').find((text) => text.startsWith('1. '))!;
		expect(line).not.toMatch(/<|>|\*\*\[|\]\(javascript/);
		expect(line).toContain('＜script＞alert(1)＜/script＞ ＊＊［click］(javascript:alert(1))＊＊');
		expect(line).toContain('line one line two ＜at user＿id="all"＞');
		const wecom = wecomContent((json[0].wecom as IDataObject[])[0]);
		expect(wecom).not.toContain('<font');
		expect(wecom).not.toContain('<at ');
		// The bodies are objects: their JSON text parses back to the same strings.
		for (const format of ['feishu', 'wecom', 'dingtalk'])
			expect(JSON.parse(JSON.stringify(json[0][format]))).toEqual(json[0][format]);
	});
});

describe('Build Report: multi-brand counts, cost, trend and output shapes', () => {
	test('counts per brand, platform and label, and share of voice add up', async () => {
		const rows = [...rowsOf('acme', 30), ...rowsOf('rival', 10, 100)];
		const { json } = await runBrandReport(
			reportParameters({ costCredits: '12', costModelCalls: '3' }),
			asItems(rows),
		);
		const counts = json[0].counts as IDataObject;
		expect(counts.total).toBe(40);
		const byBrand = counts.byBrand as Record<string, IDataObject>;
		expect([byBrand.acme.total, byBrand.rival.total]).toEqual([30, 10]);
		expect([byBrand.acme.share, byBrand.rival.share]).toEqual([75, 25]);
		expect(byBrand.acme.negative).toBe(
			rows.slice(0, 30).filter((row) => row.label === 'negative').length,
		);
		expect(Object.keys(counts.byPlatform as IDataObject).sort()).toEqual([
			'accounts',
			'articles',
			'channels',
			'notes',
			'web',
		]);
		expect(json[0].cost).toEqual({ credits: 12, modelCalls: 3 });
		expect(json[0].markdown).toContain('**Cost of this run:** 12 credits · 3 model calls');
		expect(json[0].markdown).toContain('**acme** 30 (75%)');
		expect(json[0].subject).toBe(
			`acme vs rival: 40 new mentions, ${rows.filter((row) => row.label === 'negative').length} negative (2026-11-25)`,
		);
	});

	test('mentions outside the period count in the trend, not in the report; Trend Rows replaces the input for the trend', async () => {
		const old = (days: number, n: number) =>
			mentionRow('acme', n, {
				firstSeen: new Date(Date.parse('2026-11-25T06:00:00Z') - days * 86_400_000).toISOString(),
			});
		const rows = [...rowsOf('acme', 4), old(1, 50), old(1, 51), old(6, 52), old(9, 53)];
		const { json } = await runBrandReport(reportParameters(), asItems(rows));
		expect((json[0].counts as IDataObject).total).toBe(4);
		const trend = json[0].trend as Array<{ day: string; total: number }>;
		expect(trend.map((day) => [day.day, day.total])).toEqual([
			['2026-11-19', 1],
			['2026-11-20', 0],
			['2026-11-21', 0],
			['2026-11-22', 0],
			['2026-11-23', 0],
			['2026-11-24', 2],
			['2026-11-25', 4],
		]);
		const fromRows = await runBrandReport(
			reportParameters({
				trendRows: JSON.stringify([old(2, 60), old(2, 61), old(2, 62)]),
				trendDays: 3,
			}),
			asItems(rowsOf('acme', 4)),
		);
		expect((fromRows.json[0].trend as Array<{ total: number }>).map((day) => day.total)).toEqual([
			3, 0, 0,
		]);
	});

	test('Last 24 Hours reports the rows first seen in the 24 hours before the run', async () => {
		const ago = (hours: number, n: number) =>
			mentionRow('acme', n, { firstSeen: new Date(Date.now() - hours * 3_600_000).toISOString() });
		const { json } = await runBrandReport(
			reportParameters({ period: 'last24Hours' }),
			asItems([ago(1, 1), ago(23, 2), ago(25, 3), ago(30, 4)]),
		);
		expect((json[0].counts as IDataObject).total).toBe(2);
		const period = json[0].period as { from: string; to: string };
		expect(Date.parse(period.to) - Date.parse(period.from)).toBe(24 * 3_600_000);
		expect(Math.abs(Date.parse(period.to) - Date.now())).toBeLessThan(60_000);
	});

	test('one brand looks like the report before: no share-of-voice section, the brand as title', async () => {
		const { json } = await runBrandReport(
			reportParameters({ brands: { brand: [{ name: 'acme' }] } }),
			asItems(rowsOf('acme', 12)),
		);
		expect(json[0].html).not.toMatch(/Share of voice/i);
		expect(json[0].html).toMatch(/Sentiment by platform/);
		expect(json[0].subject).toBe('acme: 12 new mentions, 2 negative (2026-11-25)');
	});

	test('brands default to those in the input, and only the selected formats and sections come out', async () => {
		const { json } = await runBrandReport(
			reportParameters({ brands: {}, formats: ['wecom'], sections: ['answerFirst'] }),
			asItems([...rowsOf('zeta', 6), ...rowsOf('alpha', 6, 10)]),
		);
		expect(Object.keys(json[0])).not.toContain('html');
		expect(Object.keys(json[0])).not.toContain('feishu');
		const content = wecomContent((json[0].wecom as IDataObject[])[0]);
		expect(content).toContain('zeta vs alpha');
		expect(content).not.toMatch(/Trend|Sentiment by platform|Most engaged/);
	});

	test('Simplified Chinese: every fixed string of the chat and e-mail is Chinese', async () => {
		const { json } = await runBrandReport(
			reportParameters({ language: 'zh' }),
			asItems([...rowsOf('acme', 12), ...rowsOf('rival', 6, 50)]),
		);
		expect(json[0].subject).toBe('acme 对比 rival：18 条新提及，3 条负面（2026-11-25）');
		expect(json[0].markdown).toContain('18 条新提及，偏正面（正面 6，负面 3）：3 条待回应。');
		expect(json[0].markdown).toContain('优先回应');
		expect(json[0].markdown).toContain('趋势：最近 7 天');
		expect(json[0].html).toContain('声量占比与情感');
		expect(json[0].markdown).not.toMatch(/Answer first|Trend|new mentions/);
	});

	test('One Item per Chat Message: one item per request body, numbered per bot', async () => {
		const { json } = await runBrandReport(
			reportParameters({ formats: ['feishu', 'wecom'], options: { itemPerMessage: true } }),
			asItems(bigDay()),
		);
		const wecom = json.filter((item) => item.format === 'wecom');
		expect(json.filter((item) => item.format === 'feishu').length).toBeGreaterThanOrEqual(1);
		expect(wecom.length).toBeGreaterThan(1);
		expect(wecom.map((item) => [item.part, item.of])).toEqual(
			wecom.map((_, n) => [n + 1, wecom.length]),
		);
		expect((wecom[0].body as IDataObject).msgtype).toBe('markdown');
	});

	test('one item with every format also lists every chat message under `messages`, in bot order, for a Split Out node', async () => {
		const { json } = await runBrandReport(
			reportParameters({ formats: ['email', 'feishu', 'wecom', 'dingtalk'] }),
			asItems(bigDay()),
		);
		expect(json).toHaveLength(1);
		const { feishu, wecom, dingtalk, messages } = json[0] as Record<string, IDataObject[]>;
		const expected = Object.entries({ feishu, wecom, dingtalk }).flatMap(([format, bodies]) =>
			bodies.map((body, n) => ({ format, part: n + 1, of: bodies.length, body })),
		);
		expect(wecom.length).toBeGreaterThan(1);
		expect(messages).toEqual(expected);
	});
});
