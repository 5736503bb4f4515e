import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import type { FieldRef } from './inputError';
import { InputError } from './inputError';

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

/**
 * How many results an item asks for, from its Return All and Limit values: `undefined` under
 * Return All, else Limit, refused unless a whole number of at least 1.
 */
export function resultLimitOf(returnAll: unknown, limit: unknown): number | undefined {
	if (returnAll === true) return undefined;
	const given = limit ?? DEFAULT_LIMIT;
	const number = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
	if (typeof number !== 'number' || !Number.isInteger(number))
		throw InputError.about(LIMIT, `must be a whole number; got ${JSON.stringify(given)}`);
	if (number < 1) throw InputError.about(LIMIT, `must be at least 1; got ${number}`);
	return number;
}
