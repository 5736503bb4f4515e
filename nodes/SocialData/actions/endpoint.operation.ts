import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import type { AllItemsRun, EachItemRun, ExecutionOperation } from '../../shared/execution';
import { addOutputHints, cancelSignalOf, executionScoped } from '../../shared/execution';
import { GATEWAY_RUN_OPERATION } from '../editor/gatewayRunProperties';
import type { NodeOptionValues } from '../editor/nodeOptions';
import { callsFor, sendBatch } from '../pipeline/batch';
import type { CallEstimate } from '../pipeline/executionLimits';
import { executionLimits } from '../pipeline/executionLimits';
import type { EndpointOutput } from '../pipeline/fetchEndpoint';
import { fetchEndpoint } from '../pipeline/fetchEndpoint';
import { batchItems, payloadOf, withoutSecrets } from '../pipeline/outputItems';
import type { ItemPlan } from './planItem';
import { planItem, readItemOptions } from './planItem';
import { ParameterReader } from '../pipeline/readParameters';
import type { CallContext } from '../pipeline/sendCall';
import { sendCall } from '../pipeline/sendCall';
import { listPlatformField } from '../mentions/platforms';
import { fetchNewOnly } from '../newOnly/fetchNewOnly';
import { claimQuery } from '../newOnly/planNewOnly';

/** An item's call, and its node options: those of the first item that passed hold for the execution. */
interface PlannedCall {
	call: ItemPlan;
	options: NodeOptionValues;
}

/** The calls a plan needs at least, and their credits at the price the descriptor gives its endpoint. */
function estimateOf(plan: ItemPlan): CallEstimate[] {
	if (plan.kind === 'gateway') return [{ calls: 1, credits: plan.target.price.credits }];
	// Only New Since Last Run bounds each item's walk by its own Credit Budget (checked when planned).
	if (plan.newOnly) return [];
	const calls = plan.endpoint.batch ? callsFor(plan.endpoint, plan.ids!.length) : 1;
	return [{ calls, credits: calls * plan.endpoint.price.credits }];
}

async function fetchPlanned(
	node: IExecuteFunctions,
	context: CallContext,
	plan: ItemPlan,
): Promise<EndpointOutput> {
	if (plan.kind === 'gateway') {
		const body = await sendCall(context, plan.target, plan.input);
		return { results: [payloadOf(body) as IDataObject], notices: [] };
	}
	const { endpoint, input, settings } = plan;
	if (plan.newOnly)
		return await fetchNewOnly(context, { ...plan, newOnly: plan.newOnly }, () =>
			node.getWorkflowStaticData('node'),
		);
	if (endpoint.batch) {
		const owned = plan.ids!.map((id) => ({ id, owner: plan.itemIndex }));
		const records = await sendBatch(context, endpoint, owned, input);
		const jsons = records.map((record) => record.json);
		return { results: batchItems(endpoint, jsons, settings.splitRecords), notices: [] };
	}
	return fetchEndpoint(context, endpoint, input, settings);
}

/** Each item's calls on their own, up to Concurrency items at once. */
function eachItem(context: CallContext, concurrency: number): EachItemRun<PlannedCall> {
	return {
		concurrency: Math.max(1, concurrency),
		// Once this execution paid for records, a spending limit ends it with them, not with an error.
		paid: () => context.budget.spent > 0,
		async run({ call }) {
			const { results, notices } = await fetchPlanned(this, context, call);
			addOutputHints(this, notices);
			return results.map((json) => ({
				json: call.kind === 'endpoint' ? withoutSecrets(call.endpoint, call.input, json) : json,
			}));
		},
	};
}

/** "Combine Items": the ids of all items go out together in calls of up to 50. */
function combinedBatch(
	context: CallContext,
	endpoint: EndpointDescriptor,
): AllItemsRun<PlannedCall> {
	return {
		kind: 'allItems',
		async runAll(passed) {
			const plans = passed.flatMap(({ plan }) =>
				plan.call.kind === 'endpoint' ? [plan.call] : [],
			);
			const ids = plans.flatMap((plan) => plan.ids!.map((id) => ({ id, owner: plan.itemIndex })));
			const records = await sendBatch(context, endpoint, ids, plans[0].input);
			// A record asked for by several items comes once, with the first of them, paired with all.
			const outputOf = new Map(
				passed.map(({ itemIndex }) => [itemIndex, [] as INodeExecutionData[]]),
			);
			for (const { json, owners } of records)
				outputOf.get(owners[0])?.push({ json, pairedItem: owners.map((item) => ({ item })) });
			return passed.map(({ itemIndex }) => outputOf.get(itemIndex)!);
		},
	};
}

/**
 * An endpoint's operation (or Gateway › Run, whose items each name their path): every item is
 * checked and priced before the first billed call; Concurrency, the spending limits, Timeout and
 * Combine Items come from the first item that passed its checks.
 */
export function endpointOperation(
	endpoint: EndpointDescriptor | undefined,
): ExecutionOperation<PlannedCall> {
	// An item's parameters are read once per execution; each list is walked once per run (Only New).
	const planning = executionScoped((node) => ({
		parameters: new ParameterReader(node),
		walkedQueries: new Map<string, number>(),
	}));
	const operationName = endpoint?.name ?? GATEWAY_RUN_OPERATION;
	return {
		kind: 'perExecution',
		endpoint: operationName,
		endpointOf: ({ call }) => (call.kind === 'gateway' ? call.target.name : operationName),
		failureDetailsOf: ({ call }) =>
			call.kind === 'endpoint' ? listPlatformField(call.endpoint, call.input) : {},
		plan(itemIndex) {
			const { parameters, walkedQueries } = planning(this);
			const itemOptions = readItemOptions(parameters, itemIndex);
			const call = planItem(parameters, endpoint, itemIndex, itemOptions);
			if (call.kind === 'endpoint' && call.newOnly)
				claimQuery(walkedQueries, call.newOnly.query, itemIndex);
			return { call, options: itemOptions.node };
		},
		start(passed, { options }, credentials) {
			const limits = executionLimits(
				this,
				{
					creditBudget: options.creditBudget,
					ceiling: { perHour: options.creditCeilingPerHour, perDay: options.creditCeilingPerDay },
				},
				passed.flatMap(({ plan }) => estimateOf(plan.call)),
			);
			const context: CallContext = {
				credentials,
				...limits,
				signal: cancelSignalOf(this),
				timeoutSeconds: options.timeout,
			};
			if (endpoint?.batch && options.combineItems) return combinedBatch(context, endpoint);
			return eachItem(context, options.concurrency);
		},
	};
}
