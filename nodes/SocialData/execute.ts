import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { EndpointDescriptor } from './descriptor';
import { findEndpoint } from './descriptor';
import { mapWithConcurrency } from '../shared/concurrency';
import { ParameterReader } from './pipeline/readParameters';
import { getGatewayCredentials } from '../shared/gatewayCredentials';
import { errorItemJson, toNodeError } from '../shared/nodeErrors';
import { redactDeep } from '../shared/transport/redact';
import { CreditBudget, CreditBudgetExceeded } from './pipeline/creditBudget';
import type { NodeOptionValues } from './editor/nodeOptions';
import { nodeOptionValues } from './editor/nodeOptions';
import { callsFor, runBatch } from './pipeline/batch';
import type { RunContext } from './pipeline/sendCall';
import { callRun } from './pipeline/sendCall';
import type { ItemPlan } from './pipeline/planItem';
import { planItem } from './pipeline/planItem';
import type { EndpointOutput } from './pipeline/fetchEndpoint';
import { inOperationTerms } from './pipeline/errorTerms';
import { payloadOf, runEndpoint } from './pipeline/fetchEndpoint';
import { DOWNLOAD_OPERATION } from './download/properties';
import { downloadVideos } from './download/execute';

function nodeOptionsOf(parameters: ParameterReader, itemIndex: number): NodeOptionValues {
	return nodeOptionValues(parameters.get<Record<string, unknown>>('options', itemIndex, {}));
}

function estimatedCalls(plan: ItemPlan): number {
	if (plan.kind === 'invalid') return 0;
	if (plan.kind === 'endpoint' && plan.endpoint.batch)
		return callsFor(plan.endpoint, plan.ids!.length);
	return 1;
}

async function runPlan(
	context: RunContext,
	plan: ItemPlan,
	itemIndex: number,
): Promise<EndpointOutput> {
	if (plan.kind === 'invalid') throw plan.error;
	if (plan.kind === 'gateway') {
		const body = await callRun(context, plan.target, plan.input);
		return { results: [payloadOf(body) as IDataObject], notices: [] };
	}
	const { endpoint, input, settings } = plan;
	if (endpoint.batch) {
		const records = await runBatch(
			context,
			endpoint,
			plan.ids!.map((id) => ({ id, owner: itemIndex })),
			input,
		);
		const jsons = records.map((record) => record.json);
		return {
			results: settings.splitRecords
				? jsons
				: [{ [endpoint.batch.results.split('.').pop()!]: jsons }],
			notices: [],
		};
	}
	return runEndpoint(context, endpoint, input, settings);
}

/** Runs the chosen operation for every input item. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
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
	const options = nodeOptionsOf(parameters, 0);
	const credentials = await getGatewayCredentials(this);
	const context: RunContext = {
		credentials,
		budget: new CreditBudget(options.creditBudget),
		signal: this.getExecutionCancelSignal(),
		timeoutSeconds: options.timeout,
	};
	const continueOnFail = this.continueOnFail();

	// Every item is checked before the first call, so bad input costs nothing.
	const plans = items.map((_, itemIndex) =>
		planItem(parameters, endpoint, itemIndex, nodeOptionsOf(parameters, itemIndex)),
	);
	const firstInvalid = plans.find((plan) => plan.kind === 'invalid');
	if (firstInvalid?.kind === 'invalid' && !continueOnFail)
		throw toNodeError(this.getNode(), firstInvalid.error, firstInvalid.itemIndex);

	const calls = plans.reduce((sum, plan) => sum + estimatedCalls(plan), 0);
	const price = endpoint?.price.credits ?? 0.1;
	const stop = (error: CreditBudgetExceeded) =>
		new NodeOperationError(this.getNode(), error.message);
	try {
		context.budget.checkEstimate(calls * price, calls);
	} catch (error) {
		throw stop(error as CreditBudgetExceeded);
	}

	if (endpoint?.batch && options.combineItems) {
		return [await runCombinedBatch(this, context, endpoint, plans, continueOnFail)];
	}

	const outputs = await mapWithConcurrency(
		items.length,
		Math.max(1, options.concurrency),
		async (itemIndex) => {
			const plan = plans[itemIndex];
			try {
				const { results, notices } = await runPlan(context, plan, itemIndex);
				if (notices.length)
					this.addExecutionHints(
						...notices.map((message) => ({ message, location: 'outputPane' as const })),
					);
				const cookie =
					plan.kind === 'endpoint' ? (plan.input.cookie as string | undefined) : undefined;
				return results.map((json) => ({
					json: cookie ? redactDeep(json, cookie) : json,
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
async function runCombinedBatch(
	node: IExecuteFunctions,
	context: RunContext,
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
		const records = await runBatch(context, endpoint, ids, first.input);
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
