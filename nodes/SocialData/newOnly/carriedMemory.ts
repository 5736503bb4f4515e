import { InputError } from '../../shared/execution';
import type { NodeOptionValues } from '../editor/nodeOptions';
import type { Mark, TriggerState } from './seenMemory';

/**
 * "Keep the Memory In: Memory Parameter and Walk Summary": the flow carries each query's walk state
 * itself (in queue mode n8n starts new executions on workers without the workflow's static data).
 * It comes in as Memory From the Last Run and goes out as `onlyNewWalk.memory`.
 */

const MEMORY = { name: 'onlyNewMemory', displayName: 'Memory From the Last Run' };
const WALK_SUMMARY = { name: 'walkSummary', displayName: 'Add Walk Summary Item' };

/** The memory an item brings: none yet, or the state of its own query, or of another query (ignored). */
export type CarriedMemory = { state?: TriggerState; otherQuery: boolean };

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const isMark = (value: unknown): value is Mark =>
	isObject(value) &&
	typeof value.id === 'string' &&
	(value.time === undefined || typeof value.time === 'number');

const isOptionalNumber = (value: unknown) => value === undefined || typeof value === 'number';

/** A walk memory of this version or an earlier one (without the Look-Back Margin's window, floor and walk time, or a list's total). */
function isWalkState(value: unknown): value is TriggerState {
	if (!isObject(value) || typeof value.query !== 'string') return false;
	if (!Array.isArray(value.seen) || !value.seen.every((id) => typeof id === 'string')) return false;
	if (value.newest !== undefined && !isMark(value.newest)) return false;
	const { window, backlog } = value;
	if (window !== undefined && !(isObject(window) && Object.values(window).every(Number.isFinite)))
		return false;
	if (![value.floor, value.total, value.walkedAt].every(isOptionalNumber)) return false;
	return (
		backlog === undefined ||
		(isObject(backlog) &&
			isObject(backlog.request) &&
			(backlog.floor === undefined || isMark(backlog.floor)) &&
			isOptionalNumber(backlog.start) &&
			isOptionalNumber(backlog.total))
	);
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One memory as given: JSON text (as `onlyNewWalk.memory` comes out) or, from an expression, the parsed object. */
function walkStateOf(given: unknown): TriggerState {
	let parsed: unknown = given;
	try {
		if (typeof given === 'string') parsed = JSON.parse(given);
	} catch {
		throw InputError.about(
			MEMORY,
			'is not valid JSON: give the `onlyNewWalk.memory` a run output, or leave it empty',
		);
	}
	if (!isWalkState(parsed))
		throw InputError.about(
			MEMORY,
			'is not a walk memory (an object with `query` and `seen`): give the `onlyNewWalk.memory` a run output, or leave it empty',
		);
	return parsed;
}

/** A list given as JSON text (e.g. an expression that stringified the rows' memories). */
function listOf(given: unknown): unknown[] | undefined {
	if (Array.isArray(given)) return given;
	if (typeof given !== 'string' || !given.trim().startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(given);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Reads and checks an item's Memory From the Last Run before any call. One memory of another query
 * counts as none; from a list (every memory the flow keeps, e.g. each row's `state`), the item takes
 * the one of its own query — the last if several — so one expression serves every search node.
 */
export function readCarriedMemory(options: NodeOptionValues, query: string): CarriedMemory {
	if (!options.walkSummary)
		throw InputError.about(
			WALK_SUMMARY,
			'must be on when Keep the Memory In is "Memory Parameter and Walk Summary": the new memory comes out in the walk summary item (`onlyNewWalk.memory`)',
		);
	const given: unknown = options.onlyNewMemory;
	if (isEmpty(given)) return { otherQuery: false };
	const list = listOf(given);
	if (list) {
		const own = list
			.filter((entry) => !isEmpty(entry))
			.map(walkStateOf)
			.filter((state) => state.query === query);
		return { state: own.at(-1), otherQuery: false };
	}
	const state = walkStateOf(given);
	return state.query === query ? { state, otherQuery: false } : { otherQuery: true };
}
