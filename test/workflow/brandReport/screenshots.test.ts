import * as path from 'node:path';
import { screenshotReport } from '../../../tools/brandMonitoring/reportScreenshot';
import {
	asItems,
	commentRow,
	mentionRow,
	NOTE_URL,
	PERIOD,
	reportParameters,
	rowsOf,
	runBrandReport,
	spikeItem,
	VIDEO_ID,
} from './setup';

jest.setTimeout(120_000);

const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts', 'brand-report');

/** Two days before the period, so the trend shows more than today. */
const earlier = (brand: string, count: number, start: number, daysBack: number) =>
	rowsOf(brand, count, start).map((row) => ({
		...row,
		firstSeen: new Date(Date.parse(PERIOD.from) - daysBack * 86_400_000 + 3_600_000).toISOString(),
	}));

describe('Brand Report in headless Chromium', () => {
	test('the two-brand report renders 640 px wide with share of voice, per-brand negatives, trend and cost', async () => {
		const rows = [
			...rowsOf('acme', 30),
			...rowsOf('rival', 18, 100),
			...earlier('acme', 12, 200, 1),
			...earlier('rival', 9, 300, 2),
			mentionRow('acme', 999, {
				title: '<b>not bold</b> & "quoted"',
				label: 'negative',
				likes: 99_999,
			}),
		];
		const { json, error } = await runBrandReport(
			reportParameters({
				failedSources: JSON.stringify([
					{ source: 'web', error: 'Service unavailable', status: 503 },
				]),
				costCredits: '14',
				costModelCalls: '5',
			}),
			asItems(rows),
		);
		expect(error).toBeUndefined();
		const rendered = await screenshotReport(
			json[0].html as string,
			path.join(ARTIFACTS, 'report-two-brands.png'),
		);
		expect(rendered.size.width).toBeLessThanOrEqual(720);
		expect(rendered.text).toContain('<b>not bold</b> & "quoted"');
		expect(rendered.text).toMatch(/SHARE OF VOICE AND SENTIMENT/i);
		expect(rendered.text).toMatch(/14 credits · 5 model calls/);
		expect(rendered.text).toMatch(/Web \(HTTP 503\): Service unavailable/);
		expect(rendered.links).toContain('https://example.com/web/7300000000000000999');
	});

	test('the comments to answer first render as quoted cards with the post’s link or where to open it', async () => {
		const rows = [
			...rowsOf('acme', 12),
			...[0, 1, 2, 3].map((n) => commentRow('acme', n, 100 + n * 60)),
			commentRow('rival', 5, 400, {
				text: `A long comment that goes on and on about the order. ${'It never came. '.repeat(20)}`,
			}),
		];
		const { json, error } = await runBrandReport(reportParameters(), asItems(rows));
		expect(error).toBeUndefined();
		const rendered = await screenshotReport(
			json[0].html as string,
			path.join(ARTIFACTS, 'report-comments.png'),
		);
		expect(rendered.text).toMatch(/COMMENTS TO ANSWER FIRST: 5 NEGATIVE COMMENTS/i);
		expect(rendered.text).toContain('“acme comment 3: my order never arrived');
		expect(rendered.text).toContain(`open in the app: ${VIDEO_ID}`);
		expect(rendered.text).toMatch(/It never came\. It never came\.[^”]*…”/);
		expect(rendered.links).toContain(NOTE_URL);
		expect(rendered.size.width).toBeLessThanOrEqual(720);
	});

	test('the Chinese one-brand report and the alert render', async () => {
		const { json } = await runBrandReport(
			reportParameters({ brands: { brand: [{ name: 'acme' }] }, language: 'zh' }),
			asItems(rowsOf('acme', 24)),
		);
		const report = await screenshotReport(
			json[0].html as string,
			path.join(ARTIFACTS, 'report-zh.png'),
		);
		expect(report.text).toContain('品牌舆情日报');
		expect(report.text).toContain('优先回应');
		const spikeRows = rowsOf('acme', 14).map((row) => ({ ...row, label: 'negative' }));
		const alert = await runBrandReport({ operation: 'buildAlert', formats: ['email'] }, [
			{ json: spikeItem('acme', spikeRows) },
		]);
		const rendered = await screenshotReport(
			alert.json[0].html as string,
			path.join(ARTIFACTS, 'alert.png'),
		);
		expect(rendered.text).toMatch(/SPIKE ALERT/i);
		expect(rendered.text).toMatch(/14\s+negative mentions/);
		expect(rendered.text).toMatch(/…and 4 more mentions\./);
		expect(rendered.text).toContain('snssdk1128://aweme/detail/');
	});
});
