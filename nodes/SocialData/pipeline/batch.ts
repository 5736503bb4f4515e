import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import { InputError } from '../../shared/execution';
import { valuesAt } from '../descriptor/answerPaths';
import type { CallContext } from './sendCall';
import { sendCall } from './sendCall';
import type { Input } from './validateInput';
import { buildInput, normalizeField } from './validateInput';

export interface OwnedId {
	id: string;
	/** Index of the input item that asked for this id. */
	owner: number;
}

export interface BatchRecord {
	json: IDataObject;
	owners: number[];
}

/** An item of a batch endpoint, validated: its ids (any count: calls are split later) and its other fields. */
export interface BatchInput {
	ids: string[];
	rest: Input;
}

const batchField = (endpoint: EndpointDescriptor) =>
	endpoint.fields.find((candidate) => candidate.name === endpoint.batch!.field)!;

/** The ids of one item's batch field, checked one by one. */
export function idsOf(endpoint: EndpointDescriptor, given: Input): string[] {
	const field = batchField(endpoint);
	const ids = normalizeField(
		{ ...field, maxItems: undefined, listFormat: 'array' },
		given[field.name] ?? [],
	) as string[];
	if (ids.length === 0) throw InputError.about(field, `is required for ${endpoint.name}`);
	return ids;
}

/** Validates a batch item once: its ids, then its other fields; the calls only split and send them. */
export function batchInputOf(endpoint: EndpointDescriptor, given: Input): BatchInput {
	const { field } = endpoint.batch!;
	const ids = idsOf(endpoint, given);
	const others = { ...endpoint, fields: endpoint.fields.filter((entry) => entry.name !== field) };
	const otherGiven = Object.fromEntries(Object.entries(given).filter(([name]) => name !== field));
	return { ids, rest: buildInput(others, otherGiven) };
}

/** Checked ids as the endpoint takes them: a JSON array or one comma-separated string. */
const idsOnWire = (endpoint: EndpointDescriptor, ids: string[]) =>
	batchField(endpoint).listFormat === 'comma' ? ids.join(',') : ids;

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
export async function sendBatch(
	context: CallContext,
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
		const input = { ...rest, [batch.field]: idsOnWire(endpoint, idsOfCall) };
		const body = await sendCall(context, endpoint, input);
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
