import { SIM_EPOCH_MS } from './constants';

/** Virtual time: it moves only when told to, so expiry and "last day" filters are reproducible. */
export interface Clock {
	now(): number;
	advance(ms: number): void;
}

export function createClock(startMs = SIM_EPOCH_MS): Clock {
	let current = startMs;
	return {
		now: () => current,
		advance(ms: number) {
			if (!Number.isFinite(ms) || ms < 0)
				throw new RangeError('clock.advance needs a finite, non-negative number of milliseconds');
			current += ms;
		},
	};
}
