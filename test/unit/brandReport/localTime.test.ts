import { addDays, LocalTime, spanText } from '../../../nodes/BrandReport/render/localTime';

const at = (iso: string) => Date.parse(iso);

describe('LocalTime: days, clock times and offsets of the team’s zone, with Intl alone', () => {
	const shanghai = new LocalTime('Asia/Shanghai');
	const newYork = new LocalTime('America/New_York');

	test('a post at 07:30 local on the 24th is on the 24th in Shanghai (23:30 UTC on the 23rd)', () => {
		const time = at('2026-11-23T23:30:00Z');
		expect(shanghai.day(time)).toBe('2026-11-24');
		expect(shanghai.clock(time)).toBe('07:30');
		expect(shanghai.offsetName(time)).toBe('UTC+8');
		expect(shanghai.startOfDay('2026-11-24')).toBe(at('2026-11-23T16:00:00Z'));
	});

	test('across the end of daylight saving in New York the day has 25 hours and the offset changes', () => {
		expect(newYork.offsetName(at('2026-10-31T12:00:00Z'))).toBe('UTC-4');
		expect(newYork.offsetName(at('2026-11-02T12:00:00Z'))).toBe('UTC-5');
		const start = newYork.startOfDay('2026-11-01');
		const end = newYork.startOfDay('2026-11-02');
		expect(start).toBe(at('2026-11-01T04:00:00Z'));
		expect(end).toBe(at('2026-11-02T05:00:00Z'));
		expect(end - start).toBe(25 * 3_600_000);
		// 23:30 on the 1st (EST) is still the 1st, though 04:30 UTC on the 2nd.
		expect(newYork.day(at('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
		// And the spring change: 2026-03-08 has 23 hours.
		expect(newYork.startOfDay('2026-03-09') - newYork.startOfDay('2026-03-08')).toBe(
			23 * 3_600_000,
		);
	});

	test('half-hour offsets and UTC itself are named as such', () => {
		expect(new LocalTime('Asia/Kolkata').offsetName(at('2026-11-25T00:00:00Z'))).toBe('UTC+5:30');
		expect(new LocalTime('UTC').offsetName(at('2026-11-25T00:00:00Z'))).toBe('UTC');
	});

	test('a span names its zone, dates its end when it ends on another day, and both offsets across a change', () => {
		expect(spanText(shanghai, at('2026-11-25T05:00:00Z'), at('2026-11-25T06:00:00Z'))).toBe(
			'2026-11-25 13:00–14:00 (UTC+8)',
		);
		expect(spanText(shanghai, at('2026-11-25T15:00:00Z'), at('2026-11-25T17:00:00Z'))).toBe(
			'2026-11-25 23:00–2026-11-26 01:00 (UTC+8)',
		);
		expect(spanText(newYork, at('2026-11-01T05:00:00Z'), at('2026-11-01T06:00:00Z'))).toBe(
			'2026-11-01 01:00–01:00 (UTC-4 → UTC-5)',
		);
	});

	test('a date and time without an offset (the date picker’s) is a local time; with one, as given', () => {
		expect(shanghai.parse('2026-11-25T00:00:00')).toBe(at('2026-11-24T16:00:00Z'));
		expect(shanghai.parse('2026-11-25')).toBe(at('2026-11-24T16:00:00Z'));
		expect(newYork.parse('2026-11-01 23:30')).toBe(at('2026-11-02T04:30:00Z'));
		expect(shanghai.parse('2026-11-25T00:00:00Z')).toBe(at('2026-11-25T00:00:00Z'));
		expect(shanghai.parse('2026-11-25T00:00:00+01:00')).toBe(at('2026-11-24T23:00:00Z'));
		expect(shanghai.parse('yesterday')).toBeNaN();
	});

	test('calendar days step over month and year ends; an unknown zone is refused', () => {
		expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
		expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
		expect(() => new LocalTime('Mars/Olympus')).toThrow(RangeError);
	});
});
