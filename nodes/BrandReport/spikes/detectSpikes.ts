import { assertSpikeSettings, baselineWindows } from './settings';
import type { AlertRow, HistoryRow, Spike, SpikeSettings } from './types';
import { WindowCounts } from './windowCounts';

/**
 * New mentions with a label (usually negative) per brand in the current window (now − window, now],
 * compared with the brand's usual level: the mean count per window over the `baselineDays` before
 * that window, empty windows counted as zero. A window is above its threshold when its count is at
 * least `minimumCount` and at least `factor` × its baseline.
 *
 * A spike is the run of consecutive windows above threshold that ends with the current window;
 * `spikeStart` is the start of its first window (looked for up to one baseline period back). A
 * spike is returned once: not when `alerts` holds an alert for the brand and label whose
 * `spikeStart` or `alertedAt` falls within the run, so a poll an hour later does not repeat it,
 * while a new run after a calm window alerts again. Rows with the same key count once.
 */
export function detectSpikes(
	rows: HistoryRow[],
	alerts: AlertRow[],
	settings: SpikeSettings,
	now: Date,
): Spike[] {
	assertSpikeSettings(settings);
	const nowMs = now.getTime();
	if (!Number.isFinite(nowMs)) throw new Error('detectSpikes needs a valid "now"');
	const windowMs = settings.windowMinutes * 60_000;
	const span = baselineWindows(settings);
	// The run is looked for up to `span` windows back, and each of those windows needs its own baseline.
	const windows = 2 * span + 1;

	const historyStart = firstSightings(rows);
	const spikes: Spike[] = [];
	for (const [brand, brandRows] of rowsByBrand(rows, settings.label)) {
		// A brand's first run is its backfill: everything it finds is "new" and nothing comes before to compare with.
		if ((historyStart.get(brand) ?? nowMs) > nowMs - windowMs) continue;
		const counts = new WindowCounts(brandRows, nowMs, windowMs, windows);
		const thresholdOf = (window: number) =>
			Math.max(settings.minimumCount, settings.factor * counts.meanBefore(window, span));
		const isAbove = (window: number) => counts.count(window) >= thresholdOf(window);
		if (!isAbove(0)) continue;

		let first = 0;
		while (first + 1 <= span && isAbove(first + 1)) first++;
		const spikeStart = counts.startOf(first);
		const runStartMs = nowMs - (first + 1) * windowMs;
		if (alreadyAlerted(alerts, brand, settings.label, runStartMs, nowMs)) continue;

		spikes.push({
			brand,
			label: settings.label,
			windowStart: counts.startOf(0),
			windowEnd: counts.endOf(0),
			count: counts.count(0),
			baselinePerWindow: counts.meanBefore(0, span),
			threshold: thresholdOf(0),
			spikeStart,
			mentions: [...counts.current].sort(byEngagement),
		});
	}
	return spikes.sort((a, b) => a.brand.localeCompare(b.brand));
}

/** When each brand's history begins: its earliest row of any label. */
function firstSightings(rows: HistoryRow[]): Map<string, number> {
	const first = new Map<string, number>();
	for (const row of rows) {
		const time = Date.parse(row.firstSeen);
		if (time < (first.get(row.brand) ?? Infinity)) first.set(row.brand, time);
	}
	return first;
}

/** The label's rows per brand, each key once (its earliest sighting), every time checked. */
function rowsByBrand(
	rows: HistoryRow[],
	label: string,
): Map<string, Array<{ row: HistoryRow; time: number }>> {
	const byKey = new Map<string, { row: HistoryRow; time: number }>();
	for (const row of rows) {
		const time = Date.parse(row.firstSeen);
		if (!Number.isFinite(time))
			throw new Error(
				`History row "${row.key}" has no valid firstSeen time: ${JSON.stringify(row.firstSeen)}`,
			);
		if (row.label !== label) continue;
		// A post that names two brands is a mention of each.
		const id = `${row.brand}\u0001${row.key}`;
		const seen = byKey.get(id);
		if (!seen || time < seen.time) byKey.set(id, { row, time });
	}
	const byBrand = new Map<string, Array<{ row: HistoryRow; time: number }>>();
	for (const entry of byKey.values()) {
		const list = byBrand.get(entry.row.brand) ?? [];
		list.push(entry);
		byBrand.set(entry.row.brand, list);
	}
	return byBrand;
}

function alreadyAlerted(
	alerts: AlertRow[],
	brand: string,
	label: string,
	runStartMs: number,
	nowMs: number,
): boolean {
	const within = (iso: string) => {
		const time = Date.parse(iso);
		return time >= runStartMs && time <= nowMs;
	};
	return alerts.some(
		(alert) =>
			alert.brand === brand &&
			alert.label === label &&
			(within(alert.spikeStart) || within(alert.alertedAt)),
	);
}

const engagement = (row: HistoryRow) => (row.likes ?? 0) + (row.comments ?? 0) + (row.shares ?? 0);

/** Most engaged first; then the newest; then by key, so the order never depends on the input's. */
function byEngagement(a: HistoryRow, b: HistoryRow): number {
	return (
		engagement(b) - engagement(a) ||
		Date.parse(b.firstSeen) - Date.parse(a.firstSeen) ||
		a.key.localeCompare(b.key)
	);
}
