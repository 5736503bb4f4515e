import type { IDataObject } from 'n8n-workflow';
import { CreditLimitReached } from './creditBudget';

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

/** The key of the spend ledger in the workflow's static data (shared by every node of the workflow). */
export const SPEND_LEDGER_KEY = 'socialGatewaySpend';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;
const EPSILON = 1e-9;

const round = (credits: number) => Math.round(credits * 1000) / 1000;

/** Credits reserved per minute (minutes since the epoch as keys), for one credential. */
type MinuteSpend = Record<string, number>;

/** The spend of one credential per minute, inside the workflow's static data; older than a day is dropped. */
function minutesOf(staticData: IDataObject, scope: string, now: number): MinuteSpend {
	const ledger = (staticData[SPEND_LEDGER_KEY] ??= {}) as Record<string, MinuteSpend>;
	const minutes = (ledger[scope] ??= {});
	const oldest = Math.floor(now / MINUTE_MS) - DAY_MINUTES;
	for (const minute of Object.keys(minutes)) if (Number(minute) <= oldest) delete minutes[minute];
	return minutes;
}

interface Window {
	label: 'per Hour' | 'per Day';
	span: string;
	minutes: number;
	ceiling: number;
}

/**
 * The "Credit Ceiling per Hour / per Day" of Social Data: a spend limit that outlives one execution.
 * Every call reserves its price in a ledger of credits per minute and credential kept in the
 * workflow's static data, which n8n stores in its database with the workflow, so the next
 * execution (on any queue-mode worker) counts it. A call that would take the last 60 minutes' or
 * the last 24 hours' spend past its ceiling is refused before it is sent.
 */
export class CreditCeiling {
	private readonly windows: Window[];

	constructor(
		private readonly staticData: IDataObject,
		private readonly scope: string,
		limits: CeilingLimits,
		private readonly clock: () => number = Date.now,
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

	/** Reserves the price of one call, or refuses it when a ceiling does not leave room for it. */
	reserve(credits: number, endpoint: string) {
		if (!this.enabled) return;
		const now = this.clock();
		const minutes = minutesOf(this.staticData, this.scope, now);
		for (const window of this.windows) {
			const spent = spentWithin(minutes, now, window.minutes);
			if (spent + credits > window.ceiling + EPSILON) {
				const freeAt = roomAt(minutes, now, window, credits);
				throw new CreditCeilingReached(
					`Stopped before calling ${endpoint}: the Credit Ceiling ${window.label} of ${window.ceiling} credits is reached ` +
						`(${round(spent)} credits spent in the last ${window.span} with this credential in this workflow; this call costs ${credits}). ` +
						`Nothing was sent. ${freeAt ? `The next call fits after ${freeAt}.` : 'The call costs more than the ceiling allows at all.'}`,
				);
			}
		}
		const minute = String(Math.floor(now / MINUTE_MS));
		minutes[minute] = round((minutes[minute] ?? 0) + credits);
		// n8n saves static data at the end of an execution only when it is marked as changed.
		this.staticData.__dataChanged = true;
	}
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
