import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCredentials } from '../transport/credentials';
import type { FailurePolicy } from './failure';
import { settleFailure } from './failure';
import type { PlannedItem } from './itemPlans';
import { planEveryItem, planOrRefusal } from './itemPlans';
import { runItems } from './itemRunner';
import type { AllItemsOperation, NodeOperation } from './operation';

export interface OperationRunOptions extends Omit<FailurePolicy, 'endpoint'> {
	/** The credentials item `itemIndex` is planned and run with (e.g. with its answer size cap). */
	credentialsOf(itemIndex: number): GatewayCredentials;
}

/**
 * Runs a node's operation under the execution contract: every item is planned before the first
 * call (a refused item stops the node, or becomes its error item under Continue On Fail), then the
 * plans run, item by item or all together. Output in input order, every item paired with its input.
 */
export async function runOperation<P>(
	context: IExecuteFunctions,
	operation: NodeOperation<P>,
	options: OperationRunOptions,
): Promise<INodeExecutionData[]> {
	const planned = await planEveryItem(
		context,
		async (itemIndex) =>
			await operation.plan.call(context, itemIndex, options.credentialsOf(itemIndex)),
	);
	const policy: FailurePolicy = { ...options, endpoint: operation.endpoint };
	if (operation.kind === 'allItems')
		return await runAllItems(context, operation, planned, policy, options.credentialsOf(0));
	return await runItems(
		context,
		async (itemIndex) =>
			await operation.run.call(
				context,
				planOrRefusal(planned[itemIndex]),
				itemIndex,
				options.credentialsOf(itemIndex),
			),
		{ ...policy, concurrency: operation.concurrency },
	);
}

/** The items that passed planning, with their plans. */
function passedItems<P>(planned: Array<PlannedItem<P>>): Array<{ itemIndex: number; plan: P }> {
	return planned.flatMap((item) =>
		item.ok ? [{ itemIndex: item.itemIndex, plan: item.plan }] : [],
	);
}

/**
 * The plans that passed go to the operation together; refused items become their own error items.
 * Under Continue On Fail a failure of the whole run gives every planned item the same error item.
 */
async function runAllItems<P>(
	context: IExecuteFunctions,
	operation: AllItemsOperation<P>,
	planned: Array<PlannedItem<P>>,
	policy: FailurePolicy,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const passed = passedItems(planned);
	let outputs: INodeExecutionData[][] = [];
	if (passed.length > 0) {
		try {
			outputs = await operation.runAll.call(context, passed, credentials);
		} catch (error) {
			const failed = settleFailure(context, error, policy, { itemIndex: passed[0].itemIndex });
			outputs = passed.map(() => [failed]);
		}
	}
	const outputOf = new Map(passed.map(({ itemIndex }, at) => [itemIndex, outputs[at] ?? []]));
	return planned.flatMap((item) =>
		item.ok
			? outputOf
					.get(item.itemIndex)!
					.map((output) => ({ ...output, pairedItem: { item: item.itemIndex } }))
			: [settleFailure(context, item.error, policy, { itemIndex: item.itemIndex })],
	);
}
