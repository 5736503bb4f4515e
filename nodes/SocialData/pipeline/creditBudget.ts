import { SpendingLimitReached } from '../../shared/execution/spendingLimit';

/** Raised before a call that a spending limit (the Credit Budget, a Credit Ceiling) does not allow. */
export class CreditLimitReached extends SpendingLimitReached {
	constructor(message: string) {
		super(message);
		this.name = 'CreditLimitReached';
	}
}

/** Raised when a call would take this execution's estimated spend past the user's credit budget. */
export class CreditBudgetExceeded extends CreditLimitReached {
	constructor(message: string) {
		super(message);
		this.name = 'CreditBudgetExceeded';
	}
}

const round = (credits: number) => Math.round(credits * 1000) / 1000;

/**
 * The "Credit Budget" guard of one execution: every call reserves its price before it is sent,
 * so a runaway Return All stops before it spends past the budget. A budget of 0 means none.
 */
export class CreditBudget {
	private reserved = 0;

	constructor(private readonly budget: number) {}

	get enabled() {
		return this.budget > 0;
	}

	/** Fails before any call when the minimum calls this execution needs already cost too much. */
	checkEstimate(estimatedCredits: number, calls: number) {
		if (this.enabled && estimatedCredits > this.budget + 1e-9) {
			throw new CreditBudgetExceeded(
				`This execution needs at least ${calls} calls, about ${round(estimatedCredits)} credits, more than the Credit Budget of ${this.budget}. Nothing was sent`,
			);
		}
	}

	/** Whether a call of this price fits in what is left of the budget. */
	allows(credits: number): boolean {
		return !this.enabled || this.reserved + credits <= this.budget + 1e-9;
	}

	/** Fails when a call of this price would take the spend past the budget; reserves nothing. */
	check(credits: number, endpoint: string) {
		if (!this.allows(credits)) {
			throw new CreditBudgetExceeded(
				`Stopped before calling ${endpoint}: it would take this execution's spend to ${round(this.reserved + credits)} credits, past the Credit Budget of ${this.budget} (${round(this.reserved)} already spent)`,
			);
		}
	}

	reserve(credits: number, endpoint: string) {
		this.check(credits, endpoint);
		this.reserved += credits;
	}

	get spent() {
		return round(this.reserved);
	}
}
