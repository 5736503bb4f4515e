import type { IDataObject } from 'n8n-workflow';
import type { Platform } from '../../shared/mention';
import type { EndpointDescriptor } from '../descriptor';
import { isPopularFirst } from '../descriptor';
import { answerMode } from '../descriptor/answerPaths';
import { CreditBudget } from '../pipeline/creditBudget';
import type { EndpointOutput, EndpointSettings } from '../pipeline/fetchEndpoint';
import { listPlatformField } from '../mentions/platforms';
import { recordItems } from '../pipeline/outputItems';
import type { CallContext } from '../pipeline/sendCall';
import { sendCall } from '../pipeline/sendCall';
import type { Input } from '../pipeline/validateInput';
import { Listing } from './listing';
import type { WalkLimit } from './pollAllowance';
import type { PollOutcome } from './pollState';
import { nextPoll, readWholeList } from './pollState';
import { popularWalk } from './popularWalk';
import type { NewOnlyPlan } from './planNewOnly';
import { recallQuery, rememberQuery } from './queryMemory';
import { RunAllowance } from './runAllowance';

/**
 * Why a walk ended: at a record seen before, at the list's end, at a list by popularity whose count
 * did not change, or at a limit (then the next run reads on).
 */
export type WalkEnd = 'seen' | 'end' | 'sameCount' | Exclude<WalkLimit, 'pollBudget'>;

/** What one item's walk cost and found: the execution hint, and the optional summary item. */
export interface WalkSummary {
	endpoint: string;
	/** The platform the list is on (for an endpoint whose records read as mentions). */
	platform?: Platform;
	/** The query walked (operation and input, as its memory names it): a key for the flow's memory row. */
	query: string;
	calls: number;
	credits: number;
	newRecords: number;
	stoppedBy: WalkEnd;
	/** A limit ended the walk before the last record seen: the next run reads on from there (not when only the look-back was left). */
	continuesNextRun: boolean;
	/** No memory of this query yet: the whole list was read. */
	firstRun: boolean;
}

export interface NewOnlyItem {
	itemIndex: number;
	endpoint: EndpointDescriptor;
	input: Input;
	settings: EndpointSettings;
	newOnly: NewOnlyPlan;
}

type Limit = Exclude<WalkEnd, 'seen' | 'end' | 'sameCount'>;

const LIMITS: Record<Limit, (plan: NewOnlyPlan) => string> = {
	creditBudget: (plan) => `the Credit Budget (${plan.creditBudget} credits) ran out`,
	maxPages: (plan) => `Max Pages (${plan.maxPages}) ended the walk`,
	ceiling: () => 'a Credit Ceiling ended the walk',
};

function ending(stoppedBy: WalkEnd, plan: NewOnlyPlan, lookBackCut: boolean): string {
	if (stoppedBy === 'end') return 'read to the end of the list';
	if (stoppedBy === 'sameCount')
		return 'the first page reported the same number of records as when the list was last read to its end, so no other page was read';
	if (stoppedBy === 'seen')
		return plan.lookBackMinutes > 0
			? `read back ${plan.lookBackMinutes} minutes below the newest record an earlier run saw (Look-Back Margin) and stopped there`
			: 'stopped at the first record an earlier run output';
	return lookBackCut
		? `${LIMITS[stoppedBy](plan)} inside the Look-Back Margin: every record newer than the earlier runs' was output; posts indexed late further down are looked for again next run`
		: `${LIMITS[stoppedBy](plan)} before the last record seen; the next run continues where this one stopped`;
}

const OTHER_QUERY =
	'; Memory From the Last Run belonged to another query (keyword or filters changed), so this walk started without memory';

function walkNotice(item: NewOnlyItem, summary: WalkSummary, lookBackCut: boolean): string {
	const { calls, credits, newRecords } = summary;
	return `${summary.endpoint}, item ${item.itemIndex + 1}: ${newRecords} new ${newRecords === 1 ? 'record' : 'records'} for ${calls} ${calls === 1 ? 'call' : 'calls'} (${credits} credits); ${ending(summary.stoppedBy, item.newOnly, lookBackCut)}`;
}

function endOf(outcome: PollOutcome, allowance: RunAllowance): WalkEnd {
	const limit = allowance.stoppedBy;
	if (limit && limit !== 'pollBudget') return limit;
	if (outcome.sameTotal) return 'sameCount';
	return outcome.reachedBoundary ? 'seen' : 'end';
}

/**
 * Walks one item's list newest first down to the first record an earlier run output, or past the
 * Look-Back Margin for a search's list (the trigger's memory and stop rule), within the item's own Credit Budget, Max Pages and the Credit
 * Ceilings. The memory is written only after the walk succeeded: a failed walk leaves it as it was,
 * so the next run reads the same records again.
 */
export async function fetchNewOnly(
	context: CallContext,
	item: NewOnlyItem,
	staticData: () => IDataObject,
): Promise<EndpointOutput> {
	const { endpoint, input, settings, newOnly } = item;
	const budget = new CreditBudget(newOnly.creditBudget);
	const walkContext: CallContext = { ...context, budget };
	const price = endpoint.price.credits;
	const refusingLimit = (): WalkLimit | undefined => {
		if (!budget.allows(price)) return 'creditBudget';
		return context.ceiling?.refusal(price, endpoint.name) ? 'ceiling' : undefined;
	};
	const listing = new Listing(
		newOnly.list,
		answerMode(endpoint, input),
		input,
		async (request) => await sendCall(walkContext, endpoint, request),
	);
	const { carried } = newOnly;
	// A carried memory never touches the static data: the flow stores `onlyNewWalk.memory` itself.
	const memory = carried ? carried.state : recallQuery(staticData(), newOnly.query);
	const allowance = new RunAllowance(newOnly.maxPages, refusingLimit);
	const outcome = isPopularFirst(newOnly.list)
		? await popularWalk(listing, memory, newOnly.query, allowance, { count: Infinity })
		: memory
			? await nextPoll(listing, memory, allowance, newOnly.lookBackMinutes, newOnly.runAt)
			: await readWholeList(
					listing,
					newOnly.query,
					allowance,
					newOnly.lookBackMinutes,
					newOnly.runAt,
				);
	if (!carried) rememberQuery(staticData(), outcome.state);

	const stoppedBy = endOf(outcome, allowance);
	const summary: WalkSummary = {
		endpoint: endpoint.name,
		...listPlatformField(endpoint, input),
		query: newOnly.query,
		calls: outcome.calls,
		credits: budget.spent,
		newRecords: outcome.emitted.length,
		stoppedBy,
		continuesNextRun:
			!['seen', 'end', 'sameCount'].includes(stoppedBy) && outcome.lookBackCutBy === undefined,
		firstRun: !memory,
	};
	const records = outcome.emitted.map((record) => record.json);
	const results = recordItems(endpoint, records, settings.mentions, input);
	if (newOnly.walkSummary)
		results.push({
			onlyNewWalk: { ...summary, ...(carried ? { memory: JSON.stringify(outcome.state) } : {}) },
		});
	const notice = walkNotice(item, summary, outcome.lookBackCutBy !== undefined);
	return { results, notices: [carried?.otherQuery ? `${notice}${OTHER_QUERY}` : notice] };
}
