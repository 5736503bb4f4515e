import type { SourceRun } from '../../../nodes/BrandReport/render/outages';
import { outagesOf } from '../../../nodes/BrandReport/render/outages';

const HOUR = 3_600_000;
const T = Date.parse('2026-11-25T05:00:00Z');

const run = (hour: number, source: string, brand: string, error?: string): SourceRun => ({
	time: T + hour * HOUR,
	source,
	search: `${brand}\u0001${brand}`,
	brand,
	error: error ?? null,
	status: error ? 503 : null,
	credits: 0,
	modelCalls: 0,
});

describe('outages of a period from its runs', () => {
	test('a search that failed and answered at a later run is caught up; the time of each is kept once', () => {
		const outages = outagesOf([
			run(0, 'articles', 'acme', 'Service unavailable'),
			run(0, 'articles', 'rival', 'Service unavailable'),
			run(0, 'notes', 'acme'),
			run(1, 'articles', 'acme'),
			run(1, 'articles', 'rival'),
			run(1, 'notes', 'acme'),
		]);
		expect(outages.failures).toEqual([]);
		expect(outages.recovered).toEqual([
			{ source: 'articles', failedAt: [T], caughtUpAt: T + HOUR },
		]);
	});

	test('a search whose last run failed is missing data, named with its brand; one brand caught up is still reported', () => {
		const outages = outagesOf([
			run(0, 'articles', 'acme', 'Service unavailable'),
			run(1, 'articles', 'acme'),
			run(2, 'channels', 'rival'),
			run(3, 'channels', 'rival', 'Bad gateway'),
			run(2, 'articles', 'rival', 'Service unavailable'),
			run(4, 'articles', 'rival', 'Service unavailable'),
			run(5, 'articles', 'rival'),
		]);
		expect(outages.failures).toEqual([
			{ source: 'channels', error: 'rival: Bad gateway', status: 503 },
		]);
		expect(outages.recovered).toEqual([
			{ source: 'articles', failedAt: [T, T + 2 * HOUR, T + 4 * HOUR], caughtUpAt: T + 5 * HOUR },
		]);
	});

	test('runs that never failed are no outage', () => {
		expect(outagesOf([run(0, 'notes', 'acme'), run(1, 'notes', 'acme')])).toEqual({
			failures: [],
			recovered: [],
		});
	});
});
