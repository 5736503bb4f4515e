import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import { valuesAt } from './answerPaths';
import type { Input } from './validateInput';
import { InputError } from '../../shared/validation';
import { buildInput, normalizeField } from './validateInput';
import type { RunContext } from './sendCall';
import { callRun } from './sendCall';

export interface OwnedId {
	id: string;
	/** Index of the input item that asked for this id. */
	owner: number;
}

export interface BatchRecord {
	json: IDataObject;
	owners: number[];
}

/** The ids of one item's batch field, checked one by one (any count: calls are split later). */
export function idsOf(endpoint: EndpointDescriptor, given: Input): string[] {
	const field = endpoint.fields.find((candidate) => candidate.name === endpoint.batch!.field)!;
	const ids = normalizeField(
		{ ...field, maxItems: undefined, listFormat: 'array' },
		given[field.name] ?? [],
	) as string[];
	if (ids.length === 0)
		throw new InputError(
			field.name,
			`Field "${field.name}" (${field.displayName}) is required for ${endpoint.name}`,
		);
	return ids;
}

const chunk = <T>(list: T[], size: number): T[][] =>
	Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
		list.slice(index * size, (index + 1) * size),
	);

export const callsFor = (endpoint: EndpointDescriptor, idCount: number) =>
	Math.ceil(idCount / endpoint.batch!.maxPerCall);

/**
 * Sends the ids in calls of at most `maxPerCall` and merges the answers per id: each result
 * record keeps the input items that asked for its id, so pairedItem stays right.
 */
export async function runBatch(
	context: RunContext,
	endpoint: EndpointDescriptor,
	ids: OwnedId[],
	rest: Input,
): Promise<BatchRecord[]> {
	const batch = endpoint.batch!;
	const ownersById = new Map<string, number[]>();
	for (const { id, owner } of ids)
		ownersById.set(id, [...new Set([...(ownersById.get(id) ?? []), owner])]);
	const unique = [...ownersById.keys()];
	const records: BatchRecord[] = [];
	for (const idsOfCall of chunk(unique, batch.maxPerCall)) {
		const input = buildInput(endpoint, { ...rest, [batch.field]: idsOfCall });
		const body = await callRun(context, endpoint, input);
		for (const result of valuesAt(body, `${batch.results}.*`)) {
			const json = result as IDataObject;
			const owners = ownersById.get(String(json[batch.idField])) ?? [
				...new Set(ids.map((entry) => entry.owner)),
			];
			records.push({ json, owners });
		}
	}
	return records;
}
