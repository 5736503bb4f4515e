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
