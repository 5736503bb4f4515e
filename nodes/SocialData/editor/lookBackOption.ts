import type { INodeProperties } from 'n8n-workflow';

/** The Look-Back Margin of a walk over a search's list (see newOnly/lookBack.ts), for the node and the trigger. */
export const LOOK_BACK = { name: 'lookBackMinutes', displayName: 'Look-Back Margin (Minutes)' };

/** Two hours: search indexes list most late posts within an hour or so of their publish time. */
const DEFAULT_MINUTES = 120;

export function lookBackOption(each: 'run' | 'poll', extra: Partial<INodeProperties> = {}) {
	return {
		...LOOK_BACK,
		type: 'number',
		default: DEFAULT_MINUTES,
		typeOptions: { minValue: 0, numberPrecision: 0 },
		description: `How far below the newest post an earlier ${each} saw each ${each} reads on, in minutes of publish time, so a post the search indexes late (it appears below posts already seen) is still output, once. Costs the pages inside the margin on every ${each}. 0 stops at the first post an earlier ${each} output: posts indexed late are then missed.`,
		...extra,
	} satisfies INodeProperties;
}

/** A margin is a whole number of minutes, 0 or more (an expression may give anything). */
export const validLookBack = (minutes: unknown): minutes is number =>
	typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0;

/** n8n's time of a run, from which the Look-Back Margin counts how long the search has shown a record. */
export const RUN_AT = { name: 'runAt', displayName: 'Time of This Run' };

export const runAtOption = {
	...RUN_AT,
	type: 'string',
	default: '',
	placeholder: "e.g. {{ $('Settings').first().json.runAt }}",
	description:
		"n8n's time of this run (ISO 8601 or epoch milliseconds), from which the Look-Back Margin counts how long the search has already shown what earlier runs read: below what it has shown for a full margin nothing new can appear, so no run reads it again. Empty: now. Give the schedule's time when a flow passes it on (or replays runs at other times).",
} satisfies INodeProperties;

/**
 * A run time as given: empty is now; an ISO 8601 text, epoch milliseconds, or from an expression a
 * Date or a Luxon DateTime. NaN when it is none of these.
 */
export function runTimeOf(given: unknown, now: number): number {
	if (given === undefined || given === null || given === '') return now;
	if (typeof given === 'number') return given;
	if (given instanceof Date) return given.getTime();
	if (typeof given === 'string')
		return /^\d+$/.test(given.trim()) ? Number(given) : Date.parse(given);
	const toMillis = (given as { toMillis?: unknown }).toMillis;
	return typeof toMillis === 'function' ? Number(toMillis.call(given)) : NaN;
}
