import type { IDataObject } from 'n8n-workflow';
import type { MinuteSpend, SpendLedger } from './sharedSpendLedger';
import { DAY_MINUTES, MINUTE_MS } from './sharedSpendLedger';

/** The key of the spend ledger in the workflow's static data (shared by every node of the workflow). */
export const SPEND_LEDGER_KEY = 'socialGatewaySpend';

const round = (credits: number) => Math.round(credits * 1000) / 1000;

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

/**
 * The spend ledger in the workflow's static data, where n8n's deduplication store is not reachable
 * (an in-process engine without n8n's database). n8n stores static data with the workflow, so the
 * next execution counts it; but n8n 2.41 starts a queued execution without static data, so on
 * queue-mode workers only this process's copy counts: per worker, not per instance.
 */
export class StaticSpendLedger implements SpendLedger {
	readonly where = 'in this workflow';

	/**
	 * @param staticData the workflow's global static data
	 * @param scope the credential the calls are made with (its id)
	 * @param workflowId the workflow whose static data it is (the key of this process's copy)
	 */
	constructor(
		private readonly staticData: IDataObject,
		private readonly scope: string,
		private readonly workflowId: string,
	) {}

	private get memoryKey() {
		return JSON.stringify([this.workflowId, this.scope]);
	}

	seen(now: number): MinuteSpend {
		const minutes = minutesOf(this.staticData, this.scope, now);
		mergeWritten(minutes, this.memoryKey, now);
		return minutes;
	}

	async reserve(now: number, credits: number, admit: (minutes: MinuteSpend) => void) {
		const minutes = this.seen(now);
		admit(minutes);
		const minute = String(Math.floor(now / MINUTE_MS));
		minutes[minute] = round((minutes[minute] ?? 0) + credits);
		writtenByThisProcess.set(this.memoryKey, { ...minutes });
		// n8n saves static data at the end of an execution only when it is marked as changed.
		this.staticData.__dataChanged = true;
	}
}
