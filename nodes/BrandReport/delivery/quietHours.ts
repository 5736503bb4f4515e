import type { LocalTime } from '../render/localTime';

export interface QuietHours {
	/** Minutes after local midnight the quiet hours start and end; `to` before `from`: across midnight. */
	from: number;
	to: number;
	/** "HH:MM", as the team wrote them. */
	fromText: string;
	toText: string;
	/** `hold`: e-mail alerts wait like chat; `always`: e-mail goes at once. */
	email: 'hold' | 'always';
	/** A spike at least this many times the usual level goes out at once; null: none does. */
	urgentFactor: number | null;
}

/** Whether `time` falls inside the quiet hours, read on the team's clock (its zone, daylight saving included). */
export function isQuiet(quiet: QuietHours, local: LocalTime, time: number): boolean {
	const [hours, minutes] = local.clock(time).split(':').map(Number);
	const minute = hours * 60 + minutes;
	if (quiet.from < quiet.to) return minute >= quiet.from && minute < quiet.to;
	return minute >= quiet.from || minute < quiet.to;
}

/**
 * Urgent: the window's count is at least `urgentFactor` × the usual level, a usual level below one
 * mention per window counted as one (so a brand with almost no history needs `urgentFactor` mentions).
 */
export function isUrgent(
	quiet: QuietHours,
	spike: { count: number; baselinePerWindow: number },
): boolean {
	if (quiet.urgentFactor === null) return false;
	return spike.count >= quiet.urgentFactor * Math.max(spike.baselinePerWindow, 1);
}
