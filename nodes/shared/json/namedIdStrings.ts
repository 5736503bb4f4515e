/**
 * Turns every number under one of `keys`, at any depth, into its decimal text, in place, and returns
 * the value. For answers fresh from the lossless parser, which already gives integers beyond 2^53-1 as
 * exact strings: with this, the named id fields are strings below that size too. Other numbers stay
 * numbers. Walks with its own stack, so deep answers cannot overflow the call stack.
 */
export function namedNumbersAsStrings<T>(value: T, keys: ReadonlySet<string>): T {
	const pending: unknown[] = [value];
	while (pending.length) {
		const current = pending.pop();
		if (current === null || typeof current !== 'object') continue;
		if (Array.isArray(current)) {
			for (const entry of current)
				if (entry !== null && typeof entry === 'object') pending.push(entry);
			continue;
		}
		const record = current as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const entry = record[key];
			if (typeof entry === 'number') {
				if (keys.has(key)) record[key] = String(entry);
			} else if (entry !== null && typeof entry === 'object') pending.push(entry);
		}
	}
	return value;
}
