import type { IDataObject } from 'n8n-workflow';
import type { TriggerState } from './seenMemory';

/**
 * Memory of "Only New Since Last Run": one walk state per query (endpoint and input), kept in the
 * node's workflow static data, so several brands as several input items each have their own.
 */

const MEMORY_KEY = 'onlyNewSinceLastRun';

type Memories = Record<string, TriggerState>;

const memoriesOf = (staticData: IDataObject) => (staticData[MEMORY_KEY] ?? {}) as Memories;

export function recallQuery(staticData: IDataObject, query: string): TriggerState | undefined {
	const state = memoriesOf(staticData)[query];
	return state && Array.isArray(state.seen) ? state : undefined;
}

/** Replaces the whole entry, which n8n notices as a change of its static data and saves after the run. */
export function rememberQuery(staticData: IDataObject, state: TriggerState): void {
	staticData[MEMORY_KEY] = {
		...memoriesOf(staticData),
		[state.query]: JSON.parse(JSON.stringify(state)) as TriggerState,
	} as unknown as IDataObject;
}
