import type {
	IDataObject,
	INodeExecutionData,
	IPollFunctions,
	NodeParameterValueType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import type { ItemParameters } from '../../shared/execution';
import { toNodeError } from '../../shared/execution/nodeErrors';
import type { Input } from '../pipeline/validateInput';
import { CreditBudget } from '../pipeline/creditBudget';
import { answerMode } from '../descriptor/answerPaths';
import { givenFields } from '../pipeline/givenFields';
import { sendCall } from '../pipeline/sendCall';
import { effectiveTimeoutMs } from '../pipeline/callTimeout';
import { mentionMapperOf } from '../mentions/platforms';
import { offeredOptionalFields } from './description';
import type { TriggerEvent } from './events';
import { findTriggerEvent } from './events';
import type { ListedRecord } from '../newOnly/listing';
import { Listing } from '../newOnly/listing';
import type { TriggerSettings } from './options';
import { settingsOver } from '../editor/behaviourSettings';
import { TRIGGER_SETTING_DEFAULTS } from './options';
import type { PollOutcome } from '../newOnly/pollState';
import { firstPoll, nextPoll } from '../newOnly/pollState';
import type { WalkLimit } from '../newOnly/pollAllowance';
import { PollAllowance, pollBudgetMs } from '../newOnly/pollAllowance';
import { readState, writeState } from '../newOnly/seenMemory';
import { planWalk } from '../newOnly/planNewOnly';
import { popularWalk } from '../newOnly/popularWalk';
import { isPopularFirst, listOrderOf } from '../descriptor';

interface Plan {
	event: TriggerEvent;
	input: Input;
	settings: TriggerSettings;
	maxCalls: number;
	/** The Look-Back Margin to walk with: 0 for a list no search indexes. */
	lookBackMinutes: number;
}

/** The trigger's parameters as the pipeline reads an item's (a poll has no items). */
function parametersOf(context: IPollFunctions): ItemParameters {
	return {
		get: <T>(name: string, _itemIndex: number, fallback?: T) =>
			context.getNodeParameter(name, fallback as NodeParameterValueType) as T,
	};
}

const CREDIT_BUDGET_PER_POLL = { name: 'creditBudget', displayName: 'Credit Budget per Poll' };

/**
 * Reads and checks the parameters with Only New's walk checks: bad input fails here, before any
 * call, naming the field.
 */
function planPoll(context: IPollFunctions): Plan {
	const value = context.getNodeParameter('event') as string;
	const event = findTriggerEvent(value);
	if (!event) throw new NodeOperationError(context.getNode(), `The event "${value}" is not known`);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const settings = settingsOver(TRIGGER_SETTING_DEFAULTS, options);
	const offered: Input = {};
	for (const field of offeredOptionalFields(event))
		if (options[field.name] !== undefined) offered[field.name] = options[field.name];
	const given = givenFields(parametersOf(context), event.endpoint, 0, offered, false);
	// Unset, buildInput sends the node's default: the simplified answer.
	if (event.endpoint.raw) given.raw = options.raw;

	// The trigger offers no order: its list is always read in the order it watches.
	Object.assign(given, listOrderOf(event.endpoint));
	const walk = planWalk(event.endpoint, given, {
		budgetField: CREDIT_BUDGET_PER_POLL,
		creditBudget: Number(settings.creditBudget),
		budgetRequired: true,
		lookBackMinutes: settings.lookBackMinutes,
	});
	const maxCalls = Math.floor(Number(settings.creditBudget) / event.endpoint.price.credits + 1e-9);
	return { event, input: walk.input, settings, maxCalls, lookBackMinutes: walk.lookBackMinutes };
}

const limitReason = (plan: Plan, limit: WalkLimit, budgetMs: number | undefined) =>
	limit === 'creditBudget'
		? `the Credit Budget per Poll (${plan.settings.creditBudget} credits, ${plan.maxCalls} calls) ran out`
		: `n8n's poll budget (${budgetMs} ms) left no time for another page`;

function cutWarning(
	plan: Plan,
	limit: WalkLimit,
	budgetMs: number | undefined,
	emitted: number,
): string {
	return `Social Data Trigger: ${limitReason(plan, limit, budgetMs)} before the last item seen; ${emitted} new items emitted, the next poll continues where this one stopped`;
}

function outputItems(plan: Plan, records: ListedRecord[]): INodeExecutionData[] {
	const mapper = plan.settings.mentions
		? mentionMapperOf(plan.event.endpoint, plan.input)
		: undefined;
	return records.map((record) => ({ json: mapper ? mapper(record.json) : record.json }));
}

/**
 * One poll of the Social Data Trigger. Manual executions show the latest records and leave the
 * memory alone; active workflows emit what is new since the last poll, oldest first, or null.
 */
export async function pollSocialData(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const startedAt = Date.now();
	const budgetMs = pollBudgetMs(this);
	let plan: Plan;
	try {
		plan = planPoll(this);
	} catch (error) {
		throw toNodeError(this.getNode(), error, 0);
	}
	const credentials = await getGatewayCredentials(this);
	const context = { credentials, budget: new CreditBudget(0) };
	const listing = new Listing(
		plan.event.endpoint,
		answerMode(plan.event.endpoint, plan.input),
		plan.input,
		async (request) => await sendCall(context, plan.event.endpoint, request),
	);
	const query = JSON.stringify([plan.event.value, plan.input]);

	let outcome: PollOutcome | undefined;
	let failure: unknown;
	try {
		const pageTimeoutMs = effectiveTimeoutMs(plan.event.endpoint);
		if (this.getMode() === 'manual') {
			const onePage = new PollAllowance(1, pageTimeoutMs);
			const latest = isPopularFirst(plan.event.endpoint)
				? await popularWalk(listing, undefined, query, onePage, {
						count: plan.settings.latestCount,
					})
				: await firstPoll(
						listing,
						query,
						'emitLatest',
						plan.settings.latestCount,
						onePage,
						plan.lookBackMinutes,
					);
			return latest.emitted.length ? [outputItems(plan, latest.emitted)] : null;
		}
		const staticData = this.getWorkflowStaticData('node');
		const state = readState(staticData, query);
		const deadline = budgetMs === undefined ? undefined : startedAt + budgetMs;
		const allowance = new PollAllowance(plan.maxCalls, pageTimeoutMs, deadline);
		const latest = plan.settings.firstPoll === 'emitLatest' ? plan.settings.latestCount : 0;
		outcome = isPopularFirst(plan.event.endpoint)
			? await popularWalk(listing, state, query, allowance, { count: latest })
			: state
				? await nextPoll(listing, state, allowance, plan.lookBackMinutes)
				: await firstPoll(
						listing,
						query,
						plan.settings.firstPoll,
						plan.settings.latestCount,
						allowance,
						plan.lookBackMinutes,
					);
		writeState(staticData, outcome.state);
	} catch (error) {
		failure = error;
	}
	if (failure !== undefined || !outcome)
		throw toNodeError(this.getNode(), failure, 0, credentials.apiKey);
	if (outcome.cutBy) {
		this.logger.warn(cutWarning(plan, outcome.cutBy, budgetMs, outcome.emitted.length));
	}
	if (outcome.lookBackCutBy)
		this.logger.info(
			`Social Data Trigger: ${limitReason(plan, outcome.lookBackCutBy, budgetMs)} inside the Look-Back Margin (${plan.lookBackMinutes} minutes); every item newer than the last poll's was emitted, items indexed late further down are looked for again next poll`,
		);
	return outcome.emitted.length ? [outputItems(plan, outcome.emitted)] : null;
}
