/**
 * What stopped a walk before its boundary: a Credit Budget, the time n8n gives a poll, the node's
 * Max Pages, or a Credit Ceiling.
 */
export type WalkLimit = 'creditBudget' | 'pollBudget' | 'maxPages' | 'ceiling';

/** What a walk may still spend: asked before every page, and told of every page read. */
export interface WalkAllowance {
	mayFetch(): boolean;
	fetch<T>(page: () => Promise<T>): Promise<T>;
	/** Set when `mayFetch` said no: which limit it was. */
	readonly stoppedBy?: WalkLimit;
}

/**
 * What one poll may still spend: pages within the Credit Budget per Poll, and time within n8n's
 * poll budget (`getPollBudgetMs()`). n8n abandons a poll that outlives its tick, items and memory
 * with it, so a page is started only while the time left covers twice the slowest page of this
 * poll (at most the call's timeout, which bounds a page anyway). The first page always goes out,
 * so every poll makes progress.
 */
export class PollAllowance implements WalkAllowance {
	private calls = 0;
	private slowestPageMs = 0;
	/** Set when `mayFetch` said no: which limit it was. */
	stoppedBy?: WalkLimit;

	constructor(
		private readonly maxCalls: number,
		private readonly pageTimeoutMs: number,
		/** Epoch ms by which the poll must have returned; none when the engine sets no budget. */
		private readonly deadline?: number,
	) {}

	mayFetch(): boolean {
		if (this.calls >= this.maxCalls) this.stoppedBy = 'creditBudget';
		else if (this.calls > 0 && this.deadline !== undefined && !this.timeForAnotherPage())
			this.stoppedBy = 'pollBudget';
		else return true;
		return false;
	}

	/** Reads one page; a page refused (unbilled, see readBacklog) takes time but not a call of the budget. */
	async fetch<T>(page: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			const body = await page();
			this.calls++;
			return body;
		} finally {
			this.slowestPageMs = Math.max(this.slowestPageMs, Date.now() - started);
		}
	}

	private timeForAnotherPage(): boolean {
		const reserve = Math.min(2 * this.slowestPageMs, this.pageTimeoutMs);
		return Date.now() + reserve <= this.deadline!;
	}
}

/** The time the engine gives this poll; none from an engine without a poll budget (before n8n 2.41). */
export function pollBudgetMs(context: { getPollBudgetMs?: () => number }): number | undefined {
	if (typeof context.getPollBudgetMs !== 'function') return undefined;
	const budgetMs = context.getPollBudgetMs();
	return Number.isFinite(budgetMs) && budgetMs > 0 ? budgetMs : undefined;
}
