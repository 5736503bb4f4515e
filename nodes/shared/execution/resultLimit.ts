import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import type { FieldRef } from './inputError';
import { wholeNumber } from './fieldChecks';

const LIMIT: FieldRef = { name: 'limit', displayName: 'Limit' };
const DEFAULT_LIMIT = 50;

/**
 * Return All and Limit of an operation that lists results; Limit shows only with Return All off.
 * `displayOptions` are the operation's own (both properties show only where it does).
 */
export function returnAllAndLimit(displayOptions?: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			...(displayOptions ? { displayOptions } : {}),
		},
		{
			displayName: 'Limit',
			name: LIMIT.name,
			type: 'number',
			default: DEFAULT_LIMIT,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			displayOptions: {
				...displayOptions,
				show: { ...displayOptions?.show, returnAll: [false] },
			},
		},
	];
}

/** Reads an item's parameters (n8n's context through ParameterReader, or a stand-in in tests). */
export interface ItemParameters {
	get<T>(name: string, itemIndex: number, fallback?: T): T;
}

/**
 * How many results item `itemIndex` asks for: `undefined` under Return All, else Limit, refused
 * unless a whole number of at least 1.
 */
export function resultLimitOf(parameters: ItemParameters, itemIndex: number): number | undefined {
	if (parameters.get<unknown>('returnAll', itemIndex, false) === true) return undefined;
	return wholeNumber(LIMIT, parameters.get<unknown>(LIMIT.name, itemIndex, DEFAULT_LIMIT), 1);
}
