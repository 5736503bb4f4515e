/** Reading and setting fields of answers by dot paths (`data.cursor`), for routes, faults and recorded shapes. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** A copy of `target` with the field at `path` set: the objects on the way are copied or made, the rest is shared. */
export function withField(
	target: unknown,
	path: string[],
	value: unknown,
): Record<string, unknown> {
	const copy = isRecord(target) ? { ...target } : {};
	const [key, ...rest] = path;
	copy[key] = rest.length ? withField(copy[key], rest, value) : value;
	return copy;
}

/** The value at a dot path (array steps by index), or undefined. */
export function valueAt(value: unknown, dotPath: string): unknown {
	return dotPath
		.split('.')
		.reduce<unknown>(
			(current, key) =>
				isRecord(current) || Array.isArray(current)
					? (current as Record<string, unknown>)[key]
					: undefined,
			value,
		);
}
