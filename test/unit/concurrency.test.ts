import { mapWithConcurrency } from '../../nodes/shared/concurrency';

describe('mapWithConcurrency', () => {
	it('keeps the index order and never runs more than the limit at once', async () => {
		let open = 0;
		let most = 0;
		const results = await mapWithConcurrency(7, 3, async (index) => {
			open++;
			most = Math.max(most, open);
			await new Promise((resolve) => setTimeout(resolve, (7 - index) * 2));
			open--;
			return index * 10;
		});
		expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
		expect(most).toBe(3);
	});

	it('starts no further index once stopWhen holds; those started finish', async () => {
		const started: number[] = [];
		let failed = false;
		const results = await mapWithConcurrency(
			6,
			2,
			async (index) => {
				started.push(index);
				await new Promise((resolve) => setTimeout(resolve, index === 0 ? 20 : 1));
				if (index === 1) failed = true;
				return index;
			},
			() => failed,
		);
		expect(started).toEqual([0, 1]);
		expect(results.slice(0, 2)).toEqual([0, 1]);
		expect(results.slice(2).every((result) => result === undefined)).toBe(true);
	});
});
