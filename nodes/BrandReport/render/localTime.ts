const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times as the team reads them: dates, clock times and UTC offsets in one IANA time zone (the
 * workflow's), computed with Intl alone. Days are calendar days of that zone, 23 or 25 hours long
 * on a daylight-saving change.
 */
export class LocalTime {
	private readonly format: Intl.DateTimeFormat;

	/** Throws a RangeError naming the zone when Intl does not know it. */
	constructor(readonly zone: string) {
		this.format = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
	}

	/** The wall-clock time at `time` (to the second) written as if it were UTC, in milliseconds. */
	private wallClock(time: number): number {
		const parts = Object.fromEntries(
			this.format.formatToParts(time).map((part) => [part.type, Number(part.value)]),
		);
		return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
	}

	/** Minutes the zone is ahead of UTC at `time`. */
	offsetMinutes(time: number): number {
		return Math.round((this.wallClock(time) - time) / MINUTE_MS);
	}

	/** "UTC+8", "UTC-5", "UTC+5:30", "UTC": the zone's offset at `time`. */
	offsetName(time: number): string {
		const offset = this.offsetMinutes(time);
		if (offset === 0) return 'UTC';
		const size = Math.abs(offset);
		const minutes = size % 60 ? `:${pad(size % 60)}` : '';
		return `UTC${offset < 0 ? '-' : '+'}${Math.floor(size / 60)}${minutes}`;
	}

	/** "2026-11-25": the local date at `time`. */
	day(time: number): string {
		return new Date(this.wallClock(time)).toISOString().slice(0, 10);
	}

	/** "13:05": the local clock time at `time`. */
	clock(time: number): string {
		return new Date(this.wallClock(time)).toISOString().slice(11, 16);
	}

	/** The instant a local wall-clock time (given as if it were UTC, in milliseconds) happens. */
	private instantOf(wallClock: number): number {
		// The offset at a first guess, then at the instant it gives: right on both sides of a change.
		const guess = wallClock - this.offsetMinutes(wallClock) * MINUTE_MS;
		return wallClock - this.offsetMinutes(guess) * MINUTE_MS;
	}

	/** The instant the local day `day` (YYYY-MM-DD) starts. */
	startOfDay(day: string): number {
		return this.instantOf(Date.parse(`${day}T00:00:00Z`));
	}

	/**
	 * Milliseconds of a date and time as text: with an offset or `Z` as given, without one (what the
	 * editor's date picker writes) as a local time of this zone; NaN when it is none.
	 */
	parse(text: string): number {
		const wall = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?$/.exec(
			text.trim(),
		);
		if (!wall) return Date.parse(text);
		const utc = Date.parse(`${wall[1]}T${wall[2] ?? '00:00'}Z`);
		return Number.isFinite(utc) ? this.instantOf(utc) : NaN;
	}
}

/** "11-25 13:05 (UTC+8)": a moment of the last days, named in its zone. */
export const momentText = (local: LocalTime, time: number): string =>
	`${local.day(time).slice(5)} ${local.clock(time)} (${local.offsetName(time)})`;

/** The calendar day `days` after (or before, negative) `day`, both YYYY-MM-DD. */
export const addDays = (day: string, days: number): string =>
	new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * "2026-11-25 13:00–14:00 (UTC+8)": a span of time in local terms, its end dated too when it ends
 * on another day, both offsets named when they differ (a daylight-saving change inside it).
 */
export function spanText(local: LocalTime, from: number, to: number): string {
	const startDay = local.day(from);
	const endDay = local.day(to);
	const end = endDay === startDay ? local.clock(to) : `${endDay} ${local.clock(to)}`;
	const startZone = local.offsetName(from);
	const endZone = local.offsetName(to);
	const zone = startZone === endZone ? startZone : `${startZone} → ${endZone}`;
	return `${startDay} ${local.clock(from)}–${end} (${zone})`;
}
