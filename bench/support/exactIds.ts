/** Integer literals of 16 or more digits in a JSON text, as written: the ids a client must keep exact. */
export function idLiteralsOf(jsonText: string): string[] {
	return [...jsonText.matchAll(/[:[,]\s*(-?\d{16,})\s*(?=[,\]}])/g)].map((match) => match[1]);
}

/** The long integers an output holds, in document order: exact strings, or numbers JSON.parse may have rounded. */
function idValuesOf(value: unknown, found: Array<string | number> = []): Array<string | number> {
	if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e15)
		found.push(value);
	else if (typeof value === 'string' && /^-?\d{16,}$/.test(value)) found.push(value);
	else if (Array.isArray(value)) for (const entry of value) idValuesOf(entry, found);
	else if (value !== null && typeof value === 'object')
		for (const entry of Object.values(value)) idValuesOf(entry, found);
	return found;
}

export type IdHolding = 'exact' | 'rounded' | 'absent';

/**
 * How an output holds each id of the answer it was made from: `exact` (the same digits, as text or
 * as a number that represents them), `rounded` (a number that is the id after JSON.parse lost
 * digits), or `absent` (the output left that id out). Each value of the output answers for one id.
 */
export function idHoldingsOf(answerIds: string[], output: unknown): IdHolding[] {
	const values = idValuesOf(output);
	const take = (matches: (value: string | number) => boolean): boolean => {
		const index = values.findIndex(matches);
		if (index >= 0) values.splice(index, 1);
		return index >= 0;
	};
	const holdings = answerIds.map((id): IdHolding | undefined =>
		take((value) => (typeof value === 'number' ? BigInt(value).toString() : value) === id)
			? 'exact'
			: undefined,
	);
	return holdings.map((holding, index) => {
		if (holding) return holding;
		const rounded = Number(answerIds[index]);
		return take((value) => value === rounded) ? 'rounded' : 'absent';
	});
}
