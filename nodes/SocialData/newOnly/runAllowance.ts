import type { WalkAllowance, WalkLimit } from './pollAllowance';

/**
 * What one item's walk may spend under "Only New Since Last Run": at most Max Pages, and only calls
 * its spending limits (Credit Budget, Credit Ceilings) still allow. A limit ends the walk before
 * the page it would refuse, so the records read so far and the walk's position are kept.
 */
export class RunAllowance implements WalkAllowance {
	private calls = 0;
	stoppedBy?: WalkLimit;

	constructor(
		private readonly maxPages: number,
		/** The limit that would refuse the next call, checked without reserving anything. */
		private readonly refusingLimit: () => WalkLimit | undefined,
	) {}

	mayFetch(): boolean {
		this.stoppedBy = this.calls >= this.maxPages ? 'maxPages' : this.refusingLimit();
		return this.stoppedBy === undefined;
	}

	async fetch<T>(page: () => Promise<T>): Promise<T> {
		const body = await page();
		this.calls++;
		return body;
	}
}
