import type { IDataObject } from 'n8n-workflow';
import { asItems, reportParameters, rowsOf, runBrandReport } from './setup';

/** The platform each search's walk summary names, which the collector stores beside the endpoint. */
const PLATFORM_OF: Record<string, string> = {
	search_notes: 'notes',
	fetch_search: 'articles',
	fetch_search_videos: 'channels',
};

/** A row of the collector's runs table, `hour` hours into the test period (hour 13 is 13:00 in Shanghai). */
const run = (hour: number, source: string, brand: string, error?: string): IDataObject => ({
	runAt: new Date(Date.parse('2026-11-24T16:00:00.000Z') + hour * 3_600_000).toISOString(),
	source,
	platform: PLATFORM_OF[source] ?? '',
	term: brand,
	brand,
	calls: error ? null : 1,
	...(error ? { error, status: 503 } : { newRecords: 1 }),
});

const hourly = (source: string, brand: string, failedHours: number[] = []) =>
	Array.from({ length: 24 }, (_, hour) =>
		run(hour, source, brand, failedHours.includes(hour) ? 'Service unavailable' : undefined),
	);

const SOURCES = ['search_notes', 'fetch_search', 'fetch_search_videos'];

async function reportWith(runs: IDataObject[]) {
	const { json, error } = await runBrandReport(
		reportParameters({ sourceRuns: `={{ ${JSON.stringify(runs)} }}` }),
		asItems(rowsOf('acme', 8)),
	);
	expect(error).toBeUndefined();
	return json[0];
}

describe('Build Report: outages from the period’s runs', () => {
	test('an article outage the next run caught up shows the data, the failed run and the catch-up, and every source answered', async () => {
		const runs = ['acme', 'rival'].flatMap((brand) =>
			SOURCES.flatMap((source) => hourly(source, brand, source === 'fetch_search' ? [13] : [])),
		);
		const report = await reportWith(runs);
		expect(report.failures).toEqual([]);
		expect(report.recovered).toEqual([
			{
				source: 'articles',
				failedRuns: ['2026-11-25T05:00:00.000Z'],
				caughtUpAt: '2026-11-25T06:00:00.000Z',
			},
		]);
		const html = report.html as string;
		expect(html).toContain('Articles: one failed run at 13:00 (UTC+8), caught up at 14:00');
		expect(html).toContain('Outages caught up');
		expect(html).not.toContain('no data (source failed)');
		expect(html).not.toContain('The counts miss these sources');
		// Notes, articles, videos, accounts and web all answered (the rows hold all five).
		expect(html).toMatch(/>5\/5<\/div><div[^>]*>sources answered</);
		expect(report.markdown).toContain(
			'**Outages caught up:** Articles: one failed run at 13:00 (UTC+8), caught up at 14:00',
		);
		expect(report.markdown).toMatch(/Articles: \d+ \(\d+ neg\)/);
	});

	test('a source still failing at the end of the period is reported as missing data; runs outside the period are left out', async () => {
		const runs = [
			...hourly('search_notes', 'acme'),
			...hourly('fetch_search', 'acme', [21, 22, 23]),
			...hourly('fetch_search_videos', 'acme', [3, 4]),
			// The next period's run that caught the articles up is not this report's.
			run(24, 'fetch_search', 'acme'),
		];
		const report = await reportWith(runs);
		expect(report.failures).toEqual([
			{ source: 'articles', error: 'acme: Service unavailable', status: 503 },
		]);
		const html = report.html as string;
		expect(html).toContain('no data (source failed)');
		expect(html).toContain('Videos: 2 failed runs at 03:00, 04:00 (UTC+8), caught up at 05:00');
		expect(report.markdown).toContain('Articles (HTTP 503): acme: Service unavailable');
	});

	test('a row stored before runs named their platform is reported under its endpoint', async () => {
		const { platform, ...withoutPlatform } = run(23, 'fetch_search', 'acme', 'Service unavailable');
		expect(platform).toBe('articles');
		const report = await reportWith([...hourly('search_notes', 'acme'), withoutPlatform]);
		expect(report.failures).toEqual([
			{ source: 'fetch_search', error: 'acme: Service unavailable', status: 503 },
		]);
	});

	test('the cost is what the period’s runs spent, plus what the report’s own run adds; runs outside the period are left out', async () => {
		const runs = [
			{ ...run(1, 'search_notes', 'acme'), credits: 0.1 },
			{ ...run(2, 'fetch_search', 'acme'), credits: 0.2 },
			{ runAt: run(2, 'x', 'x').runAt, source: 'classification', modelCalls: 2 },
			{ ...run(3, 'fetch_search', 'acme', 'Service unavailable'), credits: '' },
			{ ...run(30, 'search_notes', 'acme'), credits: 5 },
		];
		const { json, error } = await runBrandReport(
			reportParameters({ sourceRuns: `={{ ${JSON.stringify(runs)} }}`, costModelCalls: '1' }),
			asItems(rowsOf('acme', 2)),
		);
		expect(error).toBeUndefined();
		expect(json[0].cost).toEqual({ credits: 0.3, modelCalls: 3 });
		expect(json[0].html).toContain('0.3');
	});

	test('an empty runs table (the placeholder item of Always Output Data) is no run', async () => {
		const { json, error } = await runBrandReport(
			reportParameters({ sourceRuns: '={{ [{}] }}', costModelCalls: '1' }),
			asItems(rowsOf('acme', 2)),
		);
		expect(error).toBeUndefined();
		expect(json[0].cost).toEqual({ credits: 0, modelCalls: 1 });
		expect(json[0].failures).toEqual([]);
	});

	test('a run whose credits are not a number is refused naming the row', async () => {
		const { error } = await runBrandReport(
			reportParameters({
				sourceRuns: `={{ ${JSON.stringify([{ ...run(1, 'search_notes', 'acme'), credits: 'a lot' }])} }}`,
			}),
			asItems(rowsOf('acme', 2)),
		);
		expect(error?.message).toMatch(/sourceRuns\[0\]\.credits/);
	});

	test('a run without its time or source is refused naming the row', async () => {
		const { error } = await runBrandReport(
			reportParameters({ sourceRuns: '[{"source": "fetch_search", "runAt": "yesterday"}]' }),
			asItems(rowsOf('acme', 2)),
		);
		expect(error?.message).toMatch(/sourceRuns\[0\]\.runAt|Source Runs/);
	});
});
