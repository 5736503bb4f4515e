import { parseJsonInput } from '../../shared/execution/jsonInput';

/** A JSON parameter given as text or, through an expression, as the value itself; empty is none. */
export function jsonValue(name: string, displayName: string, value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'string')
		return value.trim() ? parseJsonInput({ name, displayName }, value) : undefined;
	return value;
}
