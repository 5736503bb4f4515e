import {
	detectSpikes,
	type AlertRow,
	type HistoryRow,
	type SpikeSettings,
} from '../../../nodes/BrandReport/spikes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const SETTINGS: SpikeSettings = {
	windowMinutes: 60,
	baselineDays: 7,
	minimumCount: 5,
	factor: 3,
	label: 'negative',
};

let keys = 0;

/** A mention first seen `minutesAgo` before NOW. */
function mention(brand: string, minutesAgo: number, extra: Partial<HistoryRow> = {}): HistoryRow {
	const id = String(++keys);
	return {
		key: `notes:${id}`,
		brand,
		platform: 'notes',
		id,
		label: 'negative',
		firstSeen: new Date(NOW - minutesAgo * MINUTE).toISOString(),
		likes: 0,
		comments: 0,
		shares: 0,
		...extra,
	};
}

/** `count` mentions spread over the window that ends `endMinutesAgo` before NOW. */
function burst(brand: string, count: number, endMinutesAgo = 0, extra: Partial<HistoryRow> = {}) {
	return Array.from({ length: count }, (_, i) =>
		mention(brand, endMinutesAgo + 1 + ((i * 7) % 59), extra),
	);
}

/** One negative mention every `everyHours` hours over the 7 days before the current window. */
function usualWeek(brand: string, everyHours: number): HistoryRow[] {
	const rows: HistoryRow[] = [];
	for (let hour = 1; hour < 7 * 24 + 1; hour += everyHours)
		rows.push(mention(brand, hour * 60 + 30));
	return rows;
}

const at = (minutesFromNow: number) => new Date(NOW + minutesFromNow * MINUTE);
const iso = (minutesFromNow: number) => at(minutesFromNow).toISOString();

describe('detectSpikes', () => {
	it('a quiet week: no alert at any hour of it', () => {
		const rows = [
			...usualWeek('acme', 2),
			...Array.from({ length: 300 }, (_, i) => mention('acme', i * 33, { label: 'positive' })),
		];
		let alerts = 0;
		for (let hour = 0; hour < 7 * 24; hour++) {
			const visible = rows.filter((row) => Date.parse(row.firstSeen) <= NOW - hour * HOUR);
			alerts += detectSpikes(visible, [], SETTINGS, at(-hour * 60)).length;
		}
		expect(alerts).toBe(0);
	});

	it('a spike: the current window far above the usual level, its mentions most engaged first', () => {
		const week = usualWeek('acme', 2);
		const loud = mention('acme', 10, { likes: 500, comments: 40 });
		const quiet = mention('acme', 59, { likes: null, comments: null, shares: null });
		const rows = [...week, ...burst('acme', 6), loud, quiet];
		const [spike, ...more] = detectSpikes(rows, [], SETTINGS, at(0));
		expect(more).toEqual([]);
		expect(spike).toMatchObject({
			brand: 'acme',
			label: 'negative',
			windowStart: iso(-60),
			windowEnd: iso(0),
			count: 8,
			baselinePerWindow: week.length / 168,
			threshold: 5,
			spikeStart: iso(-60),
		});
		expect(spike.mentions).toHaveLength(8);
		expect(spike.mentions[0]).toBe(loud);
		expect(spike.mentions[7]).toBe(quiet);
	});

	it('the same spike an hour later is not alerted again, also off the hour', () => {
		const first = [...usualWeek('acme', 2), ...burst('acme', 8)];
		const [spike] = detectSpikes(first, [], SETTINGS, at(0));
		const alerts: AlertRow[] = [
			{ brand: 'acme', label: 'negative', spikeStart: spike.spikeStart, alertedAt: iso(0) },
		];
		const later = [...first, ...burst('acme', 9, -60)];
		expect(detectSpikes(later, alerts, SETTINGS, at(60))).toEqual([]);
		expect(detectSpikes(later, alerts, SETTINGS, at(63))).toEqual([]);
		// Without the alert it is the same spike: it started in the first window.
		const [again] = detectSpikes(later, [], SETTINGS, at(60));
		expect(again).toMatchObject({ spikeStart: iso(-60), count: 9 });
	});

	it('a new spike after a calm window is alerted again', () => {
		const first = [...usualWeek('acme', 2), ...burst('acme', 8)];
		const alerts: AlertRow[] = [
			{ brand: 'acme', label: 'negative', spikeStart: iso(-60), alertedAt: iso(0) },
		];
		const calm = [...first, mention('acme', -30)];
		expect(detectSpikes(calm, alerts, SETTINGS, at(60))).toEqual([]);
		const second = [...calm, ...burst('acme', 7, -120)];
		const [spike, ...more] = detectSpikes(second, alerts, SETTINGS, at(120));
		expect(more).toEqual([]);
		expect(spike).toMatchObject({ brand: 'acme', count: 7, spikeStart: iso(60) });
	});

	it('needs the minimum count when the usual level is zero', () => {
		const history = [mention('acme', 3 * 24 * 60, { label: 'positive' })];
		expect(detectSpikes([...history, ...burst('acme', 4)], [], SETTINGS, at(0))).toEqual([]);
		const [spike] = detectSpikes([...history, ...burst('acme', 5)], [], SETTINGS, at(0));
		expect(spike).toMatchObject({ count: 5, baselinePerWindow: 0, threshold: 5 });
	});

	it("a brand's first run (its backfill, no earlier row of any label) is not a spike", () => {
		const backfill = burst('acme', 40);
		expect(detectSpikes(backfill, [], SETTINGS, at(0))).toEqual([]);
		// Rows seen at the very start of the window belong to the window before: history.
		const [spike] = detectSpikes([...backfill, ...burst('acme', 40, -60)], [], SETTINGS, at(60));
		expect(spike).toMatchObject({ brand: 'acme', count: 40 });
	});

	it('a post that names two brands counts for each', () => {
		const history = ['acme', 'rival'].map((brand) => mention(brand, 3 * 24 * 60));
		const shared = burst('acme', 5);
		const rows = [...history, ...shared, ...shared.map((row) => ({ ...row, brand: 'rival' }))];
		expect(
			detectSpikes(rows, [], SETTINGS, at(0)).map((spike) => [spike.brand, spike.count]),
		).toEqual([
			['acme', 5],
			['rival', 5],
		]);
	});

	it('needs the factor over the usual level when that is above the minimum', () => {
		const busy: HistoryRow[] = [];
		for (let hour = 1; hour <= 168; hour++) busy.push(...burst('acme', 3, hour * 60));
		expect(detectSpikes([...busy, ...burst('acme', 8)], [], SETTINGS, at(0))).toEqual([]);
		const [spike] = detectSpikes([...busy, ...burst('acme', 9)], [], SETTINGS, at(0));
		expect(spike).toMatchObject({ count: 9, baselinePerWindow: 3, threshold: 9 });
	});

	it('takes the baseline from sparse history: empty windows count as zero, older rows not at all', () => {
		const sparse = burst('acme', 14, 3 * 24 * 60);
		const tooOld = burst('acme', 200, 8 * 24 * 60);
		const [spike] = detectSpikes([...sparse, ...tooOld, ...burst('acme', 5)], [], SETTINGS, at(0));
		expect(spike).toMatchObject({ count: 5, baselinePerWindow: 14 / 168, threshold: 5 });
	});

	it('keeps brands apart: their own counts, baselines and alerts', () => {
		const rows = [
			...usualWeek('acme', 2),
			...burst('acme', 8),
			...burst('rival', 3 * 168, 60),
			...burst('rival', 8),
		];
		// rival's week is busy (3 an hour): 8 now is not a spike for it.
		expect(detectSpikes(rows, [], SETTINGS, at(0)).map((spike) => spike.brand)).toEqual(['acme']);
		const both = [...rows, ...burst('rival', 10)];
		const alerts: AlertRow[] = [
			{ brand: 'acme', label: 'negative', spikeStart: iso(-60), alertedAt: iso(0) },
		];
		expect(detectSpikes(both, [], SETTINGS, at(0)).map((spike) => spike.brand)).toEqual([
			'acme',
			'rival',
		]);
		expect(detectSpikes(both, alerts, SETTINGS, at(0)).map((spike) => spike.brand)).toEqual([
			'rival',
		]);
	});

	it('reads rows in any order, counts a key once, and ignores other labels and later rows', () => {
		const rows = [
			...usualWeek('acme', 2),
			...burst('acme', 4),
			...burst('acme', 20, 0, { label: 'positive' }),
			mention('acme', -5),
		];
		const copies = [rows[rows.length - 2], rows[rows.length - 3]].map((row) => ({ ...row }));
		expect(detectSpikes([...rows, ...copies], [], SETTINGS, at(0))).toEqual([]);
		const spiking = [...rows, mention('acme', 30)];
		const shuffled = [...spiking].sort((a, b) => a.id.localeCompare(b.id) * -1);
		expect(detectSpikes(shuffled, [], SETTINGS, at(0))).toEqual(
			detectSpikes(spiking, [], SETTINGS, at(0)),
		);
		expect(detectSpikes(shuffled, [], SETTINGS, at(0))[0].count).toBe(5);
	});

	it.each([
		[{ windowMinutes: 0 }, /windowMinutes/],
		[{ windowMinutes: 1.5 }, /windowMinutes/],
		[{ baselineDays: 0 }, /baselineDays/],
		[{ baselineDays: Number.NaN }, /baselineDays/],
		[{ baselineDays: 0.01 }, /baselineDays.*one window/],
		[{ minimumCount: 0 }, /minimumCount/],
		[{ factor: 0 }, /factor/],
		[{ factor: -2 }, /factor/],
		[{ label: ' ' }, /label/],
	])('refuses bad settings %j', (change, message) => {
		expect(() => detectSpikes([], [], { ...SETTINGS, ...change }, at(0))).toThrow(message);
	});

	it('refuses a row without a valid time and an invalid now', () => {
		const bad = { ...mention('acme', 5), firstSeen: 'yesterday' };
		expect(() => detectSpikes([bad], [], SETTINGS, at(0))).toThrow(/"notes:\d+".*firstSeen/);
		expect(() => detectSpikes([], [], SETTINGS, new Date('nope'))).toThrow(/now/);
	});
});
