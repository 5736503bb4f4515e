import type { INodeExecutionData } from 'n8n-workflow';

/**
 * Raised before a call that a spending limit (a credit budget, a credit ceiling) does not allow.
 * The runner never turns it into an error item: before anything was paid for it stops the node; after
 * paid calls it ends the run keeping what was paid for (see limitStopHint).
 */
export class SpendingLimitReached extends Error {
	/**
	 * Set when the limit stopped an item part way: the output it had paid for (kept), and the hint's
	 * words for what it kept, e.g. "the videos whose links were paid for are in the output, the rest
	 * of its ids".
	 */
	partial?: { output: INodeExecutionData[]; kept: string };

	constructor(message: string) {
		super(message);
		this.name = 'SpendingLimitReached';
	}
}

/** The execution hint of a run a spending limit ended after paid calls: where it stopped and why. */
export function limitStopHint(
	itemIndex: number,
	itemCount: number,
	limit: SpendingLimitReached,
): string {
	const at = `item ${itemIndex + 1} of ${itemCount}`;
	return limit.partial
		? `Stopped within ${at}: ${limit.partial.kept} and the items after it were not sent. ${limit.message}`
		: `Stopped at ${at}: it and the items not started yet were not sent; the records already paid for are in the output. ${limit.message}`;
}
