import type { SpikeSettings } from './types';

const MINUTES_PER_DAY = 24 * 60;

/** Refuses settings that would make every week quiet or every hour a spike; names the field. */
export function assertSpikeSettings(settings: SpikeSettings): void {
	const { windowMinutes, baselineDays, minimumCount, factor, label } = settings;
	if (!Number.isInteger(windowMinutes) || windowMinutes < 1)
		throw new Error(
			`Spike setting "windowMinutes" must be a whole number of minutes ≥ 1, got ${windowMinutes}`,
		);
	if (!Number.isFinite(baselineDays) || baselineDays <= 0)
		throw new Error(
			`Spike setting "baselineDays" must be a number of days > 0, got ${baselineDays}`,
		);
	if (baselineDays * MINUTES_PER_DAY < windowMinutes)
		throw new Error(
			`Spike setting "baselineDays" (${baselineDays}) must span at least one window of ${windowMinutes} minutes`,
		);
	if (!Number.isInteger(minimumCount) || minimumCount < 1)
		throw new Error(`Spike setting "minimumCount" must be a whole number ≥ 1, got ${minimumCount}`);
	if (!Number.isFinite(factor) || factor <= 0)
		throw new Error(`Spike setting "factor" must be a number > 0, got ${factor}`);
	if (typeof label !== 'string' || label.trim() === '')
		throw new Error('Spike setting "label" must name a label, e.g. "negative"');
}

/** Whole windows in the baseline period (a part window at its far end is left out). */
export function baselineWindows(settings: SpikeSettings): number {
	return Math.floor((settings.baselineDays * MINUTES_PER_DAY) / settings.windowMinutes);
}
