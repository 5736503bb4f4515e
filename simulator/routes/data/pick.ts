/** The named fields of a record, in that order: a parsed answer shows a chosen part of a dataset record. */
export function pick<T, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
	const picked = {} as Pick<T, K>;
	for (const key of keys) picked[key] = record[key];
	return picked;
}
