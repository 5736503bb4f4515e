import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { EndpointDescriptor } from './descriptor';
import type { FailurePolicy, PlannedItem } from '../shared/execution';
import {
	addOutputHints,
	cancelSignalOf,
	chosenOperation,
	planEveryItem,
	planOrRefusal,
	runItems,
	settleFailure,
} from '../shared/execution';
import { getGatewayCredentials } from '../shared/gatewayCredentials';
import { GATEWAY_RUN_OPERATION } from './editor/gatewayRunProperties';
import { NODE_OPTION_DEFAULTS } from './editor/nodeOptions';
import { SOCIAL_DATA_OPERATIONS } from './operations';
import { callsFor, sendBatch } from './pipeline/batch';
import { CreditBudget, CreditLimitReached, limitStopHint } from './pipeline/creditBudget';
import { creditCeilingOf } from './pipeline/creditCeiling';
import { inOperationTerms } from './pipeline/errorTerms';
import type { EndpointOutput } from './pipeline/fetchEndpoint';
import { fetchEndpoint } from './pipeline/fetchEndpoint';
import { batchItems, payloadOf, withoutSecrets } from './pipeline/outputItems';
import type { ItemPlan } from './planItem';
import { planItem, readItemOptions } from './planItem';
import { ParameterReader } from './pipeline/readParameters';
import type { CallContext } from './pipeline/sendCall';
import { sendCall } from './pipeline/sendCall';
import { downloadVideos } from './download/execute';
import { fetchNewOnly } from './newOnly/fetchNewOnly';
import { claimQuery } from './newOnly/planNewOnly';

type Planned = PlannedItem<ItemPlan>;

/** The calls a plan needs at least, and their credits at the price the descriptor gives its endpoint. */
function estimateOf(plan: ItemPlan): { calls: number; credits: number } {
	if (plan.kind === 'gateway') return { calls: 1, credits: plan.target.price.credits };
	const calls = plan.endpoint.batch ? callsFor(plan.endpoint, plan.ids!.length) : 1;
	return { calls, credits: calls * plan.endpoint.price.credits };
}

/** Fails before any call when the plans together already cost more than the Credit Budget. */
function checkEstimate(node: IExecuteFunctions, budget: CreditBudget, planned: Planned[]) {
	// Only New Since Last Run bounds each item's walk by its own Credit Budget (checked when planned).
	const estimate = planned
		.flatMap((item) =>
			item.ok && !(item.plan.kind === 'endpoint' && item.plan.newOnly)
				? [estimateOf(item.plan)]
				: [],
		)
		.reduce(
			(sum, next) => ({ calls: sum.calls + next.calls, credits: sum.credits + next.credits }),
			{ calls: 0, credits: 0 },
		);
	try {
		budget.checkEstimate(estimate.credits, estimate.calls);
	} catch (error) {
		throw new NodeOperationError(node.getNode(), (error as Error).message);
	}
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

/**
 * Runs the chosen operation for every input item: plan every item, check the budget, then send.
 * Programmatic rather than n8n's declarative routing: every item is checked and priced before the
 * first billed call.
 */
export async function executeSocialData(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const operation = chosenOperation(this, SOCIAL_DATA_OPERATIONS);
	if (operation.kind === 'download') return await downloadVideos.call(this);
	// Gateway › Run has no endpoint of its own: each item names its path.
	const endpoint = operation.kind === 'endpoint' ? operation.endpoint : undefined;
	const parameters = new ParameterReader(this);
	const itemOptions = items.map((_, itemIndex) => readItemOptions(parameters, itemIndex));
	// Concurrency, budget, timeout and Combine Items hold for the whole execution: the first item's values.
	const execution = itemOptions[0]?.node ?? NODE_OPTION_DEFAULTS;
	const credentials = await getGatewayCredentials(this);
	const context: CallContext = {
		credentials,
		budget: new CreditBudget(execution.creditBudget),
		ceiling: creditCeilingOf(this, {
			perHour: execution.creditCeilingPerHour,
			perDay: execution.creditCeilingPerDay,
		}),
		signal: cancelSignalOf(this),
		timeoutSeconds: execution.timeout,
	};

	// Every item is checked before the first call, so bad input costs nothing.
	const walkedQueries = new Map<string, number>();
	const planned = await planEveryItem(this, (itemIndex) => {
		const plan = planItem(parameters, endpoint, itemIndex, itemOptions[itemIndex]);
		if (plan.kind === 'endpoint' && plan.newOnly)
			claimQuery(walkedQueries, plan.newOnly.query, itemIndex);
		return plan;
	});
	checkEstimate(this, context.budget, planned);
	const policy: FailurePolicy = {
		endpoint: (itemIndex) => {
			const item = planned[itemIndex];
			return item.ok && item.plan.kind === 'gateway'
				? item.plan.target.name
				: (endpoint?.name ?? GATEWAY_RUN_OPERATION);
		},
		apiKey: credentials.apiKey,
		stopsNode: (error) => error instanceof CreditLimitReached,
		reword: (error) => inOperationTerms(error, endpoint),
	};

	if (endpoint?.batch && execution.combineItems) {
		return [await fetchCombinedBatch(this, context, endpoint, planned, policy)];
	}
	let stoppedByLimit = false;
	const output = await runItems(
		this,
		async (itemIndex) => {
			if (stoppedByLimit) return [];
			const plan = planOrRefusal(planned[itemIndex]);
			const fetched = await fetchPlanned(this, context, plan).then(
				(answer) => ({ answer }),
				(error: unknown) => ({ error }),
			);
			if ('error' in fetched) {
				// Once this execution paid for records, a spending limit ends it with them, not with an error.
				const { error } = fetched;
				if (!(error instanceof CreditLimitReached) || context.budget.spent === 0) throw error;
				if (!stoppedByLimit) addOutputHints(this, [limitStopHint(itemIndex, items.length, error)]);
				stoppedByLimit = true;
				return [];
			}
			const { results, notices } = fetched.answer;
			addOutputHints(this, notices);
			return results.map((json) => ({
				json: plan.kind === 'endpoint' ? withoutSecrets(plan.endpoint, plan.input, json) : json,
			}));
		},
		{ ...policy, concurrency: Math.max(1, execution.concurrency) },
	);
	return [output];
}

/** "Combine Items": the ids of all items go out together in calls of up to 50. */
async function fetchCombinedBatch(
	node: IExecuteFunctions,
	context: CallContext,
	endpoint: EndpointDescriptor,
	planned: Planned[],
	policy: FailurePolicy,
): Promise<INodeExecutionData[]> {
	const output = planned.flatMap((item) =>
		item.ok ? [] : [settleFailure(node, item.error, policy, { itemIndex: item.itemIndex })],
	);
	const plans = planned.flatMap((item) =>
		item.ok && item.plan.kind === 'endpoint' ? [item.plan] : [],
	);
	if (plans.length === 0) return output;
	const ids = plans.flatMap((plan) => plan.ids!.map((id) => ({ id, owner: plan.itemIndex })));
	try {
		const records = await sendBatch(context, endpoint, ids, plans[0].input);
		for (const record of records)
			output.push({ json: record.json, pairedItem: record.owners.map((item) => ({ item })) });
	} catch (error) {
		const owners = [...new Set(ids.map((entry) => entry.owner))];
		const pairedItem = owners.map((item) => ({ item }));
		output.push(settleFailure(node, error, policy, { itemIndex: 0, pairedItem }));
	}
	return output;
}
