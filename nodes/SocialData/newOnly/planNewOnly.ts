import type { EndpointDescriptor, NewestFirstEndpoint, WatchedEndpoint } from '../descriptor';
import { isNewestFirst, isWatched, listOrderOf, watchedListOf } from '../descriptor';
import type { FieldRef } from '../../shared/execution';
import { InputError } from '../../shared/execution';
import { LOOK_BACK, RUN_AT, runTimeOf, validLookBack } from '../editor/lookBackOption';
import type { NodeOptionValues } from '../editor/nodeOptions';
import type { Input } from '../pipeline/validateInput';
import { buildInput } from '../pipeline/validateInput';
import type { CarriedMemory } from './carriedMemory';
import { readCarriedMemory } from './carriedMemory';
import { lookBackFor } from './lookBack';

/** One item's walk under "Only New Since Last Run", checked before any call. */
export interface NewOnlyPlan {
	/** The item's endpoint: its list is read newest first, or by popularity. */
	list: WatchedEndpoint;
	/** The endpoint and its input: the key of the walk's memory. */
	query: string;
	maxPages: number;
	/** Credits this item's walk may spend; 0 means no budget. */
	creditBudget: number;
	/** The Look-Back Margin in minutes; 0 for a list a search does not index (see lookBack.ts). */
	lookBackMinutes: number;
	/** n8n's time of this run (epoch ms), from which the margin counts by the clock (see lookBack.ts). */
	runAt: number;
	walkSummary: boolean;
	/** Set when the flow carries the memory (Memory From the Last Run) instead of the static data. */
	carried?: CarriedMemory;
}

const ONLY_NEW = { name: 'onlyNew', displayName: 'Only New Since Last Run' };
const WALK_SUMMARY = { name: 'walkSummary', displayName: 'Add Walk Summary Item' };
const CREDIT_BUDGET = { name: 'creditBudget', displayName: 'Credit Budget' };
const SPLIT_RECORDS = { name: 'splitRecords', displayName: 'One Item per Record' };

/** A value the user chose that would make the list other than newest first. */
function checkOrder(list: NewestFirstEndpoint, given: Input) {
	for (const [name, newestFirst] of Object.entries(list.newestFirst.order)) {
		const chosen = given[name];
		if (chosen === undefined || chosen === '' || chosen === newestFirst) continue;
		const field = list.fields.find((candidate) => candidate.name === name);
		throw InputError.about(
			{ name, displayName: field?.displayName ?? name },
			`must be "${String(newestFirst)}" (newest first) when only new records are read; got "${String(chosen)}"`,
		);
	}
}

/** What a walk may spend and how far back it looks, with the budget field as its panel names it. */
export interface WalkLimits {
	budgetField: FieldRef;
	/** Credits the walk may spend; 0 means no budget unless `budgetRequired`. */
	creditBudget: number;
	budgetRequired: boolean;
	lookBackMinutes: unknown;
}

/** A watched list's walk, checked: its input (in the list's watched order) and its Look-Back Margin. */
export interface WalkPlan {
	input: Input;
	/** The Look-Back Margin in minutes; 0 for a list a search does not index (see lookBack.ts). */
	lookBackMinutes: number;
}

/**
 * The checks every walk of a watched list makes before any call, Only New Since Last Run's and the
 * trigger's alike: the budget allows one call, the Look-Back Margin is whole minutes, and the list is
 * read in the order the walk watches.
 */
export function planWalk(list: WatchedEndpoint, given: Input, limits: WalkLimits): WalkPlan {
	const price = list.price.credits;
	const { creditBudget } = limits;
	const budgeted = limits.budgetRequired || creditBudget !== 0;
	if (budgeted && !(creditBudget + 1e-9 >= price))
		throw InputError.about(
			limits.budgetField,
			`must allow at least one call (${price} credits); got ${creditBudget}`,
		);
	if (!validLookBack(limits.lookBackMinutes))
		throw InputError.about(
			LOOK_BACK,
			`must be a whole number of minutes, 0 or more; got ${JSON.stringify(limits.lookBackMinutes)}`,
		);
	if (isNewestFirst(list)) checkOrder(list, given);
	return {
		input: buildInput(list, { ...given, ...listOrderOf(list) }),
		lookBackMinutes: lookBackFor(watchedListOf(list), limits.lookBackMinutes as number),
	};
}

/**
 * Plans the walk of an item whose options ask for Only New Since Last Run: the endpoint's list must
 * be one the descriptor says a walk can watch (newest first, or by popularity), read in full
 * (Return All), one item per record.
 */
export function planNewOnly(
	endpoint: EndpointDescriptor,
	given: Input,
	returnAll: boolean,
	options: NodeOptionValues,
): { input: Input; newOnly: NewOnlyPlan } {
	if (!isWatched(endpoint))
		throw InputError.about(
			ONLY_NEW,
			`is not available for ${endpoint.name}: its answers are not a list a walk can watch`,
		);
	if (endpoint.pagination && !returnAll)
		throw InputError.about(
			ONLY_NEW,
			'needs Return All: each run reads every page that holds new records (within Max Pages and the Credit Budget)',
		);
	if (!options.splitRecords)
		throw InputError.about(SPLIT_RECORDS, 'must be on with Only New Since Last Run');
	const { input, lookBackMinutes } = planWalk(endpoint, given, {
		budgetField: CREDIT_BUDGET,
		creditBudget: options.creditBudget,
		budgetRequired: false,
		lookBackMinutes: options.lookBackMinutes,
	});
	const runAt = runTimeOf(options.runAt, Date.now());
	if (!Number.isFinite(runAt))
		throw InputError.about(
			RUN_AT,
			`must be a time (ISO 8601, e.g. 2025-06-01T12:00:00Z, or epoch milliseconds), or empty for now; got ${JSON.stringify(options.runAt)}`,
		);
	const query = JSON.stringify([endpoint.name, input]);
	return {
		input,
		newOnly: {
			list: endpoint,
			query,
			maxPages: options.maxPages,
			creditBudget: options.creditBudget,
			lookBackMinutes,
			runAt,
			walkSummary: options.walkSummary,
			...(options.onlyNewMemoryIn === 'parameter'
				? { carried: readCarriedMemory(options, query) }
				: {}),
		},
	};
}

/** Refuses Add Walk Summary Item without the walk it summarises. */
export function checkWalkSummary(options: NodeOptionValues): void {
	if (options.walkSummary && !options.onlyNew)
		throw InputError.about(WALK_SUMMARY, 'needs Only New Since Last Run');
}

/**
 * Two items asking for the same list would both find the same records new: each list is walked
 * once per run, by the first item that asks for it.
 */
export function claimQuery(walked: Map<string, number>, query: string, itemIndex: number): void {
	const first = walked.get(query);
	if (first !== undefined)
		throw InputError.about(
			ONLY_NEW,
			`asks for the same list as item ${first}: with Only New Since Last Run each list is walked once per run, so give each item its own keyword or filters`,
		);
	walked.set(query, itemIndex);
}
