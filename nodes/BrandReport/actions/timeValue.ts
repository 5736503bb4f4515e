import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';

/** A Date from any realm: items cloned or built in an expression's sandbox fail `instanceof Date`. */
const isDate = (value: unknown): value is Date =>
	Object.prototype.toString.call(value) === '[object Date]';

/**
 * Milliseconds of a time given as ISO text, or as the object an expression or a Data Table hands
 * over (a JavaScript Date from a date column, a Luxon DateTime from `$now`); NaN when it is none.
 */
export function timeOf(value: unknown): number {
	if (typeof value === 'string') return value.trim() ? Date.parse(value) : NaN;
	if (isDate(value)) return value.getTime();
	if (isRecord(value) && typeof value.toMillis === 'function')
		return Number((value.toMillis as () => unknown)());
	return NaN;
}

/** A date column's Date as ISO text; any other value as it is, for the row's own checks. */
export const isoTextOf = (value: unknown): unknown =>
	isDate(value) && Number.isFinite(value.getTime()) ? value.toISOString() : value;

/** The run's time (the Now parameter of Check Spikes, Build Alert and Build Digest), in milliseconds. */
export function readNow(context: IExecuteFunctions, itemIndex: number): number {
	const value = context.getNodeParameter('now', itemIndex, '') as unknown;
	const time = timeOf(value);
	if (!Number.isFinite(time))
		invalid(
			{ name: 'now', displayName: 'Now' },
			`must be a date and time such as 2026-11-25T09:00:00Z; got ${JSON.stringify(value)}`,
		);
	return time;
}
