import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { EndpointDescriptor } from './descriptor';
import { findEndpoint } from './descriptor';
import { mapWithConcurrency } from '../shared/concurrency';
import { getGatewayCredentials } from '../shared/gatewayCredentials';
import { errorItemJson, toNodeError } from '../shared/nodeErrors';
import { NODE_OPTION_DEFAULTS } from './editor/nodeOptions';
import { callsFor, sendBatch } from './pipeline/batch';
import { CreditBudget, CreditBudgetExceeded } from './pipeline/creditBudget';
import { inOperationTerms } from './pipeline/errorTerms';
import type { EndpointOutput } from './pipeline/fetchEndpoint';
import { fetchEndpoint } from './pipeline/fetchEndpoint';
import { batchItems, payloadOf, withoutSecrets } from './pipeline/outputItems';
import type { ItemPlan } from './pipeline/planItem';
import { planItem, readItemOptions } from './pipeline/planItem';
import { ParameterReader } from './pipeline/readParameters';
import type { CallContext } from './pipeline/sendCall';
import { sendCall } from './pipeline/sendCall';
import { DOWNLOAD_OPERATION } from './download/properties';
import { downloadVideos } from './download/execute';

/** The credits a plan needs at least: its calls times the price the descriptor gives its endpoint. */
function estimatedCredits(plan: ItemPlan): { calls: number; credits: number } {
	if (plan.kind === 'invalid') return { calls: 0, credits: 0 };
	if (plan.kind === 'gateway') return { calls: 1, credits: plan.target.price.credits };
	const calls = plan.endpoint.batch ? callsFor(plan.endpoint, plan.ids!.length) : 1;
	return { calls, credits: calls * plan.endpoint.price.credits };
}

async function fetchPlanned(
	context: CallContext,
	plan: ItemPlan,
	itemIndex: number,
): Promise<EndpointOutput> {
	if (plan.kind === 'invalid') throw plan.error;
	if (plan.kind === 'gateway') {
		const body = await sendCall(context, plan.target, plan.input);
		return { results: [payloadOf(body) as IDataObject], notices: [] };
	}
	const { endpoint, input, settings } = plan;
	if (endpoint.batch) {
		const owned = plan.ids!.map((id) => ({ id, owner: itemIndex }));
		const records = await sendBatch(context, endpoint, owned, input);
		const jsons = records.map((record) => record.json);
		return { results: batchItems(endpoint, jsons, settings.splitRecords), notices: [] };
	}
	return fetchEndpoint(context, endpoint, input, settings);
}

/** Runs the chosen operation for every input item: plan every item, check the budget, then send. */
export async function executeSocialData(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	if (operation === DOWNLOAD_OPERATION) return await downloadVideos.call(this);
	const endpoint: EndpointDescriptor | undefined =
		resource === 'gateway' ? undefined : findEndpoint(operation);
	if (resource !== 'gateway' && endpoint?.group !== resource) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for resource "${resource}"`,
		);
	}
	const parameters = new ParameterReader(this);
	const itemOptions = items.map((_, itemIndex) => readItemOptions(parameters, itemIndex));
	// Concurrency, budget, timeout and Combine Items hold for the whole execution: the first item's values.
	const execution = itemOptions[0]?.node ?? NODE_OPTION_DEFAULTS;
	const credentials = await getGatewayCredentials(this);
	const context: CallContext = {
		credentials,
		budget: new CreditBudget(execution.creditBudget),
		signal: this.getExecutionCancelSignal(),
		timeoutSeconds: execution.timeout,
	};
	const continueOnFail = this.continueOnFail();

	// Every item is checked before the first call, so bad input costs nothing.
	const plans = items.map((_, itemIndex) =>
		planItem(parameters, endpoint, itemIndex, itemOptions[itemIndex]),
	);
	const firstInvalid = plans.find((plan) => plan.kind === 'invalid');
	if (firstInvalid?.kind === 'invalid' && !continueOnFail)
		throw toNodeError(this.getNode(), firstInvalid.error, firstInvalid.itemIndex);

	const estimate = plans
		.map(estimatedCredits)
		.reduce(
			(sum, next) => ({ calls: sum.calls + next.calls, credits: sum.credits + next.credits }),
			{ calls: 0, credits: 0 },
		);
	const stop = (error: CreditBudgetExceeded) =>
		new NodeOperationError(this.getNode(), error.message);
	try {
		context.budget.checkEstimate(estimate.credits, estimate.calls);
	} catch (error) {
		throw stop(error as CreditBudgetExceeded);
	}

	if (endpoint?.batch && execution.combineItems) {
		return [await fetchCombinedBatch(this, context, endpoint, plans, continueOnFail)];
	}

	const outputs = await mapWithConcurrency(
		items.length,
		Math.max(1, execution.concurrency),
		async (itemIndex) => {
			const plan = plans[itemIndex];
			try {
				const { results, notices } = await fetchPlanned(context, plan, itemIndex);
				if (notices.length)
					this.addExecutionHints(
						...notices.map((message) => ({ message, location: 'outputPane' as const })),
					);
				return results.map((json) => ({
					json: plan.kind === 'endpoint' ? withoutSecrets(plan.endpoint, plan.input, json) : json,
					pairedItem: { item: itemIndex },
				}));
			} catch (error) {
				if (error instanceof CreditBudgetExceeded) throw stop(error);
				const nodeError = toNodeError(
					this.getNode(),
					inOperationTerms(error, endpoint),
					itemIndex,
					credentials.apiKey,
				);
				if (!continueOnFail) throw nodeError;
				const label = plan.kind === 'gateway' ? plan.target.name : (endpoint?.name ?? operation);
				return [{ json: errorItemJson(nodeError, label), pairedItem: { item: itemIndex } }];
			}
		},
	);
	return [outputs.flat()];
}

/** "Combine Items": the ids of all items go out together in calls of up to 50. */
async function fetchCombinedBatch(
	node: IExecuteFunctions,
	context: CallContext,
	endpoint: EndpointDescriptor,
	plans: ItemPlan[],
	continueOnFail: boolean,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const ids = plans.flatMap((plan, owner) =>
		plan.kind === 'endpoint' ? plan.ids!.map((id) => ({ id, owner })) : [],
	);
	for (const plan of plans) {
		if (plan.kind === 'invalid')
			output.push({
				json: errorItemJson(toNodeError(node.getNode(), plan.error, plan.itemIndex), endpoint.name),
				pairedItem: { item: plan.itemIndex },
			});
	}
	const first = plans.find((plan) => plan.kind === 'endpoint');
	if (!first || first.kind !== 'endpoint') return output;
	try {
		const records = await sendBatch(context, endpoint, ids, first.input);
		for (const record of records)
			output.push({ json: record.json, pairedItem: record.owners.map((item) => ({ item })) });
	} catch (error) {
		if (error instanceof CreditBudgetExceeded)
			throw new NodeOperationError(node.getNode(), error.message);
		const nodeError = toNodeError(
			node.getNode(),
			inOperationTerms(error, endpoint),
			0,
			context.credentials.apiKey,
		);
		if (!continueOnFail) throw nodeError;
		const owners = [...new Set(ids.map((entry) => entry.owner))];
		output.push({
			json: errorItemJson(nodeError, endpoint.name),
			pairedItem: owners.map((item) => ({ item })),
		});
	}
	return output;
}
