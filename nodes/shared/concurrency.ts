/**
 * Runs `task` for indexes 0..count-1 with at most `limit` at once; results keep the index order.
 * Once `stopWhen` holds, no further index is started (those results stay empty).
 */
export async function mapWithConcurrency<T>(
	count: number,
	limit: number,
	task: (index: number) => Promise<T>,
	stopWhen: () => boolean = () => false,
): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	const worker = async () => {
		while (next < count && !stopWhen()) {
			const index = next++;
			results[index] = await task(index);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker));
	return results;
}
