import * as path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import type { PreviewBot } from '../../../tools/brandMonitoring/chatPreview';
import { chatPreviewHtml } from '../../../tools/brandMonitoring/chatPreview';
import { screenshotHtml } from '../../../tools/brandMonitoring/reportScreenshot';
import { asItems, reportParameters, rowsOf, runBrandReport, spikeItem } from './setup';

jest.setTimeout(120_000);

const PNG = path.join(
	__dirname,
	'..',
	'..',
	'..',
	'test-artifacts',
	'brand-report',
	'chat-cards.png',
);
const BOTS: PreviewBot[] = ['feishu', 'wecom', 'dingtalk'];
const NAMES = { feishu: 'Feishu / Lark', wecom: 'WeCom', dingtalk: 'DingTalk' };

/** Chinese titles and reasons (3 bytes a character): WeCom's 4,096 bytes take two messages. */
const longRows = (brand: string, count: number, start: number) =>
	rowsOf(brand, count, start).map((row, n) => ({
		...row,
		title: `${brand} 第${n}条：搅拌机用了一周就坏了，客服一直没有回复，非常失望。`,
		reason: '用户抱怨产品质量和售后服务，情绪强烈，可能扩散。'.repeat(2),
	}));

describe('Brand Report chat messages in headless Chromium', () => {
	test('the two-brand report and an alert render as each bot shows them, with no Markdown marks left', async () => {
		const report = await runBrandReport(
			reportParameters({ formats: BOTS }),
			asItems([...longRows('acme', 60, 0), ...longRows('rival', 40, 100)]),
		);
		expect(report.error).toBeUndefined();
		const spikeRows = rowsOf('acme', 7).map((row) => ({ ...row, label: 'negative' }));
		const alert = await runBrandReport({ operation: 'buildAlert', formats: BOTS }, [
			{ json: spikeItem('acme', spikeRows) },
		]);
		expect(alert.error).toBeUndefined();
		const bodies = (bot: PreviewBot) => [
			...(report.json[0][bot] as IDataObject[]),
			...(alert.json[0][bot] as IDataObject[]),
		];
		const messages = BOTS.flatMap((bot) => bodies(bot).map((body) => ({ bot, body })));
		expect(bodies('wecom').length).toBeGreaterThan(bodies('feishu').length);

		const page = await screenshotHtml(chatPreviewHtml(messages), PNG, 1280);

		const columns = BOTS.map((bot, n) => {
			const heading = `${NAMES[bot]} — ${bodies(bot).length} messages`;
			expect(page.text).toContain(heading);
			const next = BOTS[n + 1];
			return page.text.slice(
				page.text.indexOf(heading),
				next ? page.text.indexOf(NAMES[next]) : undefined,
			);
		});
		columns.forEach((column) => {
			expect(column).toContain('acme vs rival — Daily brand report, 2026-11-25');
			expect(column).toContain('Spike alert: acme');
			expect(column).toContain('Answer first: 10 negative mentions — acme');
			expect(column).toContain('Answer first: 6 negative mentions — rival');
			expect(column).not.toMatch(/\*\*|\]\(|^#+ /m);
		});
		// Feishu's lark_md has no quote: the summary goes in as text, not as "> …".
		expect(columns[0]).not.toMatch(/^> /m);
		// WeCom's report is split in two and says so in each part.
		expect(columns[1]).toMatch(/part 1\/2[\s\S]*part 2\/2/);
		// The Feishu card header shows the title, not the Markdown of the first block.
		expect(columns[0]).toMatch(/Spike alert: acme\n+acme: 7 negative mentions in one window/);
		expect(page.links).toContain('https://example.com/notes/7300000000000000000');
		expect(page.links.every((link) => /^https:\/\//.test(link))).toBe(true);
		expect(page.size.width).toBeLessThanOrEqual(1280);
	});
});
