import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { CREDENTIAL_NAME } from '../../shared/transport/credentials';
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

/**
 * What this process last wrote to each workflow's ledger, per workflow and credential. n8n loads
 * static data when an execution starts and saves it after the execution (for an MCP tool call,
 * after the answer went out), so an execution that overlaps another, or a call that follows the
 * previous answer within milliseconds, loads a ledger without the latest calls. Taking the larger
 * value per minute from this copy counts them: exact within one process, and never lower than
 * the database says. It only ever adds calls n8n has not saved yet; a restart forgets it.
 */
const writtenByThisProcess = new Map<string, MinuteSpend>();

/** The ledger in static data, raised to what this process knows was spent in each minute. */
function mergeWritten(minutes: MinuteSpend, memoryKey: string, now: number): void {
	const written = writtenByThisProcess.get(memoryKey);
	if (!written) return;
	const oldest = Math.floor(now / MINUTE_MS) - DAY_MINUTES;
	for (const [minute, credits] of Object.entries(written)) {
		if (Number(minute) <= oldest) delete written[minute];
		else if ((minutes[minute] ?? 0) < credits) minutes[minute] = credits;
	}
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
 * execution counts it. In queue mode n8n 2.41 starts each queued execution without static data,
 * so a worker counts only what it spent itself (this process's copy below): per worker, not per
 * deployment. A call that would take the last 60 minutes' or the last 24 hours' spend past its
 * ceiling is refused before it is sent. Data Tables would allow
 * atomic updates, but n8n 2.41 opens them to its own Data Table nodes only.
 */
export class CreditCeiling {
	private readonly windows: Window[];

	/**
	 * @param staticData the workflow's global static data
	 * @param scope the credential the calls are made with (its id)
	 * @param workflowId the workflow whose static data it is (the key of this process's copy)
	 */
	constructor(
		private readonly staticData: IDataObject,
		private readonly scope: string,
		private readonly workflowId: string,
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

	/** Why a call of `credits` would be refused now, or undefined when the ceilings leave room for it. */
	refusal(credits: number, endpoint: string): CreditCeilingReached | undefined {
		if (!this.enabled) return undefined;
		const now = this.clock();
		const minutes = this.minutesAt(now);
		for (const window of this.windows) {
			const spent = spentWithin(minutes, now, window.minutes);
			if (spent + credits > window.ceiling + EPSILON) {
				const freeAt = roomAt(minutes, now, window, credits);
				return new CreditCeilingReached(
					`Stopped before calling ${endpoint}: the Credit Ceiling ${window.label} of ${window.ceiling} credits is reached ` +
						`(${round(spent)} credits spent in the last ${window.span} with this credential in this workflow; this call costs ${credits}). ` +
						`Nothing was sent. ${freeAt ? `The next call fits after ${freeAt}.` : 'The call costs more than the ceiling allows at all.'}`,
				);
			}
		}
		return undefined;
	}

	private minutesAt(now: number): MinuteSpend {
		const minutes = minutesOf(this.staticData, this.scope, now);
		mergeWritten(minutes, JSON.stringify([this.workflowId, this.scope]), now);
		return minutes;
	}

	/** Reserves the price of one call, or refuses it when a ceiling does not leave room for it. */
	reserve(credits: number, endpoint: string) {
		if (!this.enabled) return;
		const refused = this.refusal(credits, endpoint);
		if (refused) throw refused;
		const now = this.clock();
		const memoryKey = JSON.stringify([this.workflowId, this.scope]);
		const minutes = this.minutesAt(now);
		const minute = String(Math.floor(now / MINUTE_MS));
		minutes[minute] = round((minutes[minute] ?? 0) + credits);
		writtenByThisProcess.set(memoryKey, { ...minutes });
		// n8n saves static data at the end of an execution only when it is marked as changed.
		this.staticData.__dataChanged = true;
	}
}

/** The node's Credit Ceilings, over the spend this workflow's executions stored with this credential; none when both are 0. */
export function creditCeilingOf(
	node: IExecuteFunctions,
	limits: CeilingLimits,
): CreditCeiling | undefined {
	if (!(limits.perHour > 0 || limits.perDay > 0)) return undefined;
	const credential = node.getNode().credentials?.[CREDENTIAL_NAME];
	const scope = credential?.id ?? credential?.name ?? CREDENTIAL_NAME;
	const workflowId = String(node.getWorkflow().id ?? '');
	return new CreditCeiling(node.getWorkflowStaticData('global'), scope, workflowId, limits);
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
