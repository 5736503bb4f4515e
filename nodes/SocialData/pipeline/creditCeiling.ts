import type { IExecuteFunctions } from 'n8n-workflow';
import { CREDENTIAL_NAME } from '../../shared/transport/credentials';
import { CreditLimitReached } from './creditBudget';
import type { MinuteSpend, SpendLedger } from './sharedSpendLedger';
import { isStoreMissing, MINUTE_MS, SharedSpendLedger } from './sharedSpendLedger';
import { StaticSpendLedger } from './staticSpendLedger';

export { SPEND_LEDGER_KEY } from './staticSpendLedger';

/** Raised before a call that would take the spend of the last hour or day past a Credit Ceiling. */
export class CreditCeilingReached extends CreditLimitReached {
	constructor(message: string) {
		super(message);
		this.name = 'CreditCeilingReached';
	}
}

export interface CeilingLimits {
	/** Credits the calls of the last 60 minutes may cost; 0 means no ceiling. */
	perHour: number;
	/** Credits the calls of the last 24 hours may cost; 0 means no ceiling. */
	perDay: number;
}

const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;
const EPSILON = 1e-9;

const round = (credits: number) => Math.round(credits * 1000) / 1000;

interface Window {
	label: 'per Hour' | 'per Day';
	span: string;
	minutes: number;
	ceiling: number;
}

/**
 * The "Credit Ceiling per Hour / per Day" of Social Data: a spend limit that outlives one execution.
 * Every call reserves its price in a ledger of credits per minute and credential before it is sent;
 * a call that would take the last 60 minutes' or the last 24 hours' spend past its ceiling is
 * refused instead. The ledger is n8n's database, shared by every worker (SharedSpendLedger), or,
 * where n8n did not start its deduplication store, the workflow's static data (StaticSpendLedger).
 */
export class CreditCeiling {
	private readonly windows: Window[];

	constructor(
		private ledger: SpendLedger,
		limits: CeilingLimits,
		private readonly clock: () => number = Date.now,
		/** The ledger to use instead when n8n's deduplication store is not reachable. */
		private readonly fallback?: () => SpendLedger,
	) {
		const windows: Window[] = [
			{ label: 'per Hour', span: 'hour', minutes: HOUR_MINUTES, ceiling: limits.perHour },
			{ label: 'per Day', span: '24 hours', minutes: DAY_MINUTES, ceiling: limits.perDay },
		];
		this.windows = windows.filter((window) => window.ceiling > 0);
	}

	get enabled() {
		return this.windows.length > 0;
	}

	/**
	 * Why a call of `credits` would be refused now by the spend this execution last saw, or undefined.
	 * Reserves nothing: `reserve` decides over the ledger as it is when the call goes out.
	 */
	refusal(credits: number, endpoint: string): CreditCeilingReached | undefined {
		if (!this.enabled) return undefined;
		const now = this.clock();
		return this.refusalOver(this.ledger.seen(now), now, credits, endpoint);
	}

	private refusalOver(minutes: MinuteSpend, now: number, credits: number, endpoint: string) {
		for (const window of this.windows) {
			const spent = spentWithin(minutes, now, window.minutes);
			if (spent + credits > window.ceiling + EPSILON) {
				const freeAt = roomAt(minutes, now, window, credits);
				return new CreditCeilingReached(
					`Stopped before calling ${endpoint}: the Credit Ceiling ${window.label} of ${window.ceiling} credits is reached ` +
						`(${round(spent)} credits spent in the last ${window.span} with this credential ${this.ledger.where}; this call costs ${credits}). ` +
						`Nothing was sent. ${freeAt ? `The next call fits after ${freeAt}.` : 'The call costs more than the ceiling allows at all.'}`,
				);
			}
		}
		return undefined;
	}

	/** Reserves the price of one call, or refuses it when a ceiling does not leave room for it. */
	async reserve(credits: number, endpoint: string): Promise<void> {
		if (!this.enabled) return;
		const now = this.clock();
		const admit = (minutes: MinuteSpend) => {
			const refused = this.refusalOver(minutes, now, credits, endpoint);
			if (refused) throw refused;
		};
		const fallback = this.fallback;
		const reserved = await this.ledger.reserve(now, credits, admit).then(
			() => true,
			async (error: unknown) =>
				fallback && isStoreMissing(error) ? false : await Promise.reject(error),
		);
		if (reserved || !fallback) return;
		this.ledger = fallback();
		await this.ledger.reserve(now, credits, admit);
	}
}

/**
 * The node's Credit Ceilings, over the spend its executions stored with this credential in n8n's
 * database; none when both are 0.
 */
export function creditCeilingOf(
	node: IExecuteFunctions,
	limits: CeilingLimits,
): CreditCeiling | undefined {
	if (!(limits.perHour > 0 || limits.perDay > 0)) return undefined;
	const credential = node.getNode().credentials?.[CREDENTIAL_NAME];
	const scope = credential?.id ?? credential?.name ?? CREDENTIAL_NAME;
	const staticLedger = () => {
		node.addExecutionHints({
			message:
				"The Credit Ceiling counts this workflow's spend in its static data: n8n's deduplication store is not reachable here, so in queue mode each worker counts only its own calls",
			location: 'outputPane',
		});
		return new StaticSpendLedger(
			node.getWorkflowStaticData('global'),
			scope,
			String(node.getWorkflow().id ?? ''),
		);
	};
	if (typeof node.helpers.checkProcessedAndRecord !== 'function')
		return new CreditCeiling(staticLedger(), limits);
	return new CreditCeiling(
		new SharedSpendLedger(node.helpers, scope),
		limits,
		Date.now,
		staticLedger,
	);
}

function spentWithin(minutes: MinuteSpend, now: number, span: number): number {
	const first = Math.floor(now / MINUTE_MS) - span + 1;
	return Object.entries(minutes).reduce(
		(sum, [minute, credits]) => (Number(minute) >= first ? sum + credits : sum),
		0,
	);
}

/** When enough of the window's spend has aged out for a call of `credits` (UTC, to the minute). */
function roomAt(
	minutes: MinuteSpend,
	now: number,
	window: Window,
	credits: number,
): string | undefined {
	if (credits > window.ceiling + EPSILON) return undefined;
	const first = Math.floor(now / MINUTE_MS) - window.minutes + 1;
	let spent = spentWithin(minutes, now, window.minutes);
	const inWindow = Object.keys(minutes)
		.map(Number)
		.filter((minute) => minute >= first)
		.sort((a, b) => a - b);
	for (const minute of inWindow) {
		spent -= minutes[String(minute)];
		if (spent + credits <= window.ceiling + EPSILON)
			return `${new Date((minute + window.minutes) * MINUTE_MS).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
	}
	return undefined;
}
