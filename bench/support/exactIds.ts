/** Integer literals of 16 or more digits in a JSON text, as written: the ids a client must keep exact. */
export function idLiteralsOf(jsonText: string): string[] {
	return [...jsonText.matchAll(/[:[,]\s*(-?\d{16,})\s*(?=[,\]}])/g)].map((match) => match[1]);
}

/** The same ids as a parsed output holds them, in document order: exact strings, or numbers JSON.parse rounded. */
export function idValuesOf(value: unknown, found: string[] = []): string[] {
	if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e15)
		found.push(BigInt(value).toString());
	else if (typeof value === 'string' && /^-?\d{16,}$/.test(value)) found.push(value);
	else if (Array.isArray(value)) for (const entry of value) idValuesOf(entry, found);
	else if (value !== null && typeof value === 'object')
		for (const entry of Object.values(value)) idValuesOf(entry, found);
	return found;
}

/** How many of the expected ids an output does not hold digit for digit (a missing id counts as differing). */
export function countDifferingIds(expected: string[], actual: string[]): number {
	let differing = Math.max(0, expected.length - actual.length);
	expected.forEach((id, index) => {
		if (index < actual.length && actual[index] !== id) differing++;
	});
	return differing;
}
