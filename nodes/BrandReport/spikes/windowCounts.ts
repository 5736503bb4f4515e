import type { HistoryRow } from './types';

/**
 * Rows of one brand and label sorted into windows ending at `now`: window 0 is (now − W, now],
 * window k is (now − (k+1)W, now − kW]. Rows after `now` or older than `windows` windows are left out.
 */
export class WindowCounts {
	private readonly counts: number[];
	readonly current: HistoryRow[] = [];

	constructor(
		rows: Array<{ row: HistoryRow; time: number }>,
		private readonly now: number,
		private readonly windowMs: number,
		windows: number,
	) {
		this.counts = new Array<number>(windows).fill(0);
		for (const { row, time } of rows) {
			if (time > now) continue;
			const window = Math.floor((now - time) / windowMs);
			if (window >= windows) continue;
			this.counts[window]++;
			if (window === 0) this.current.push(row);
		}
	}

	count(window: number): number {
		return this.counts[window] ?? 0;
	}

	/** Mean count of the `span` windows before `window` (windows never filled count as zero). */
	meanBefore(window: number, span: number): number {
		let sum = 0;
		for (let k = window + 1; k <= window + span; k++) sum += this.count(k);
		return sum / span;
	}

	/** Start of window k, as an ISO time. */
	startOf(window: number): string {
		return new Date(this.now - (window + 1) * this.windowMs).toISOString();
	}

	endOf(window: number): string {
		return new Date(this.now - window * this.windowMs).toISOString();
	}
}
