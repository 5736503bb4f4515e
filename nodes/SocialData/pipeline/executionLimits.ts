import type { IExecuteFunctions } from 'n8n-workflow';
import { CreditBudget } from './creditBudget';
import type { CeilingLimits, CreditCeiling } from './creditCeiling';
import { creditCeilingOf } from './creditCeiling';

/** The calls a plan needs at least, and their credits at the descriptor's price. */
export interface CallEstimate {
	calls: number;
	credits: number;
}

/** The spending limits every call of one execution shares. */
export interface ExecutionLimits {
	budget: CreditBudget;
	/** The Credit Ceilings per hour and per day, which outlive the execution. */
	ceiling?: CreditCeiling;
}

/**
 * The Credit Budget and Credit Ceilings of one execution, set from the settings of the first item
 * that passed its checks (the runner's rule, see ExecutionOperation). Fails before any call when
 * the plans together already need more than the Credit Budget.
 */
export function executionLimits(
	node: IExecuteFunctions,
	limits: { creditBudget: number; ceiling: CeilingLimits },
	estimates: CallEstimate[],
): ExecutionLimits {
	const budget = new CreditBudget(limits.creditBudget);
	let calls = 0;
	let credits = 0;
	for (const estimate of estimates) {
		calls += estimate.calls;
		credits += estimate.credits;
	}
	budget.checkEstimate(credits, calls);
	return { budget, ceiling: creditCeilingOf(node, limits.ceiling) };
}
