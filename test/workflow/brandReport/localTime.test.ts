import type { IDataObject } from 'n8n-workflow';
import { asItems, mentionRow, PERIOD, reportParameters, runBrandReport, spikeItem } from './setup';

const seenAt = (brand: string, n: number, firstSeen: string, extra: IDataObject = {}) =>
	mentionRow(brand, n, { firstSeen, publishedAt: firstSeen, ...extra });

describe('Brand Report in the team’s time zone (the workflow’s, Asia/Shanghai here)', () => {
	test('the report is for the local day it covers: its date, its period named UTC+8, the trend’s local days', async () => {
		const rows = [
			// 07:30 on the 25th in Shanghai is 23:30 UTC on the 24th: a mention of the 25th.
			seenAt('acme', 0, '2026-11-24T23:30:00.000Z'),
			seenAt('acme', 1, '2026-11-25T10:00:00.000Z'),
			// 23:30 on the 24th in Shanghai: the day before, in the trend only.
			seenAt('acme', 2, '2026-11-24T15:30:00.000Z'),
		];
		const { json, error } = await runBrandReport(
			reportParameters({ trendRows: JSON.stringify(rows), trendDays: 3 }),
			asItems(rows),
		);
		expect(error).toBeUndefined();
		const report = json[0];
		expect(report.day).toBe('2026-11-25');
		expect(report.timeZone).toBe('Asia/Shanghai');
		expect(report.period).toEqual(PERIOD);
		expect(report.counts).toMatchObject({ total: 2 });
		expect((report.trend as IDataObject[]).map((day) => [day.day, day.total])).toEqual([
			['2026-11-23', 0],
			['2026-11-24', 1],
			['2026-11-25', 2],
		]);
		expect(report.html).toContain('Daily brand report · 2026-11-25 (UTC+8)');
		expect(report.markdown).toMatch(
			/^\*\*acme vs rival — Daily brand report, 2026-11-25 \(UTC\+8\)\*\*/,
		);
		expect(report.subject).toContain('(2026-11-25)');
	});

	test('From and To without an offset (as the date picker writes them) are local times', async () => {
		const { json } = await runBrandReport(
			reportParameters({ periodFrom: '2026-11-25T00:00:00', periodTo: '2026-11-26T00:00:00' }),
			asItems([seenAt('acme', 1, '2026-11-25T10:00:00.000Z')]),
		);
		expect(json[0].period).toEqual(PERIOD);
		expect(json[0].html).toContain('Daily brand report · 2026-11-25 (UTC+8)');
	});

	test('a period that is not whole local days is shown from and to, in local time', async () => {
		const { json } = await runBrandReport(
			reportParameters({
				periodFrom: '2026-11-24T23:00:00.000Z',
				periodTo: '2026-11-25T23:00:00.000Z',
			}),
			asItems([seenAt('acme', 1, '2026-11-25T10:00:00.000Z')]),
		);
		expect(json[0].day).toBe('2026-11-26');
		expect(json[0].html).toContain('2026-11-25 07:00–2026-11-26 07:00 (UTC+8)');
	});

	test('answer first shows when each negative post was published, in local time', async () => {
		const negative = seenAt('acme', 2, '2026-11-25T05:10:00.000Z', { label: 'negative' });
		const { json } = await runBrandReport(reportParameters(), asItems([negative]));
		expect(json[0].html).toContain('11-25 13:10 (UTC+8)');
		expect(json[0].markdown).toContain('(Videos, 11-25 13:10 (UTC+8))');
	});

	test('a spike window of 05:00–06:00 UTC reads 13:00–14:00 (UTC+8)', async () => {
		const mentions = [seenAt('acme', 2, '2026-11-25T05:10:00.000Z', { label: 'negative' })];
		const { json } = await runBrandReport(
			{ operation: 'buildAlert', formats: ['email', 'markdown'] },
			[
				{
					json: spikeItem('acme', mentions, {
						windowStart: '2026-11-25T05:00:00.000Z',
						windowEnd: '2026-11-25T06:00:00.000Z',
					}),
				},
			],
		);
		expect(json[0].markdown).toContain('window: 2026-11-25 13:00–14:00 (UTC+8)');
		expect(json[0].html).toContain('Spike alert · 2026-11-25 13:00–14:00 (UTC+8)');
	});

	test('in New York the day daylight saving ends has 25 hours: the late evening is still that day', async () => {
		// 2026-11-01 in New York: 04:00 UTC (EDT) to 05:00 UTC on the 2nd (EST).
		const rows = [
			seenAt('acme', 0, '2026-11-01T04:30:00.000Z'),
			seenAt('acme', 1, '2026-11-02T04:30:00.000Z'),
			seenAt('acme', 2, '2026-11-02T05:30:00.000Z'),
		];
		const { json, error } = await runBrandReport(
			reportParameters({
				periodFrom: '2026-11-01T04:00:00.000Z',
				periodTo: '2026-11-02T05:00:00.000Z',
				trendRows: JSON.stringify(rows),
				trendDays: 2,
			}),
			asItems(rows),
			false,
			'America/New_York',
		);
		expect(error).toBeUndefined();
		expect(json[0].day).toBe('2026-11-01');
		expect(json[0].counts).toMatchObject({ total: 2 });
		expect(json[0].html).toContain('Daily brand report · 2026-11-01 (UTC-4 → UTC-5)');
		expect((json[0].trend as IDataObject[]).map((day) => [day.day, day.total])).toEqual([
			['2026-10-31', 0],
			['2026-11-01', 2],
		]);
	});
});
