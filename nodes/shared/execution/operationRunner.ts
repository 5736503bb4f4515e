import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCredentials } from '../transport/credentials';
import type { FailurePolicy } from './failure';
import { nodeStop, settleFailure } from './failure';
import { InputError } from './inputError';
import type { PlannedItem } from './itemPlans';
import { planEveryItem, planOrRefusal } from './itemPlans';
import { runItems } from './itemRunner';
import type {
	AllItemsRun,
	EachItemRun,
	NodeOperation,
	PassedPlan,
	WholeInputOperation,
} from './operation';

export interface OperationRunOptions<C = GatewayCredentials>
	extends Omit<FailurePolicy, 'endpoint'> {
	/** The credentials item `itemIndex` is planned and run with (e.g. with its answer size cap). */
	credentialsOf(itemIndex: number): C;
}

/**
 * Runs a node's operation under the execution contract: every item is planned before the first
 * call (a refused item stops the node, or becomes its error item under Continue On Fail), the
 * execution is checked as a whole where the operation asks for it, then the plans run, item by item
 * or all together. Output in input order, every item paired with its input.
 */
export async function runOperation<P, C = GatewayCredentials>(
	context: IExecuteFunctions,
	operation: NodeOperation<P, C>,
	options: OperationRunOptions<C>,
): Promise<INodeExecutionData[]> {
	if (operation.kind === 'wholeInput') return await runWholeInput(context, operation, options);
	const planned = await planEveryItem(context, (itemIndex) =>
		operation.plan.call(context, itemIndex, options.credentialsOf(itemIndex)),
	);
	const policy: FailurePolicy = {
		...options,
		endpoint: (itemIndex) => {
			const item = planned[itemIndex];
			return item?.ok && operation.endpointOf
				? operation.endpointOf(item.plan)
				: operation.endpoint;
		},
		itemDetails: (itemIndex) => {
			const item = planned[itemIndex];
			return item?.ok && operation.failureDetailsOf ? operation.failureDetailsOf(item.plan) : {};
		},
	};
	const passed = passedItems(planned);
	if (passed.length === 0)
		return planned.flatMap((item) =>
			item.ok ? [] : [settleFailure(context, item.error, policy, item)],
		);
	const run =
		operation.kind === 'perExecution'
			? await startExecution(context, operation, passed, options)
			: operation;
	if (run.kind === 'allItems') return await runAllItems(context, run, planned, policy, options);
	return await runItems(
		context,
		async (itemIndex) =>
			await run.run.call(
				context,
				planOrRefusal(planned[itemIndex]),
				itemIndex,
				options.credentialsOf(itemIndex),
			),
		{ ...policy, concurrency: run.concurrency, paid: run.paid },
	);
}

/** The execution-wide check and set-up, with the settings of the first item that passed. */
async function startExecution<P, C>(
	context: IExecuteFunctions,
	operation: Extract<NodeOperation<P, C>, { kind: 'perExecution' }>,
	passed: Array<PassedPlan<P>>,
	options: OperationRunOptions<C>,
): Promise<EachItemRun<P, C> | AllItemsRun<P, C>> {
	const [lead] = passed;
	try {
		return await operation.start.call(
			context,
			passed,
			lead.plan,
			options.credentialsOf(lead.itemIndex),
		);
	} catch (error) {
		throw nodeStop(context, error);
	}
}

/** The items that passed planning, with their plans. */
function passedItems<P>(planned: Array<PlannedItem<P>>): Array<PassedPlan<P>> {
	return planned.flatMap((item) =>
		item.ok ? [{ itemIndex: item.itemIndex, plan: item.plan }] : [],
	);
}

/**
 * The plans that passed go to the operation together; refused items become their own error items.
 * Under Continue On Fail a failure of the whole run gives every planned item the same error item.
 */
async function runAllItems<P, C>(
	context: IExecuteFunctions,
	run: AllItemsRun<P, C>,
	planned: Array<PlannedItem<P>>,
	policy: FailurePolicy,
	options: OperationRunOptions<C>,
): Promise<INodeExecutionData[]> {
	const passed = passedItems(planned);
	let outputs: INodeExecutionData[][];
	try {
		outputs = await run.runAll.call(context, passed, options.credentialsOf(passed[0].itemIndex));
	} catch (error) {
		const failed = settleFailure(context, error, policy, { itemIndex: passed[0].itemIndex });
		outputs = passed.map(({ itemIndex }) => [{ ...failed, pairedItem: { item: itemIndex } }]);
	}
	const outputOf = new Map(passed.map(({ itemIndex }, at) => [itemIndex, outputs[at] ?? []]));
	return planned.flatMap((item) =>
		item.ok
			? outputOf.get(item.itemIndex)!.map((output) => ({
					...output,
					pairedItem: output.pairedItem ?? { item: item.itemIndex },
				}))
			: [settleFailure(context, item.error, policy, item)],
	);
}

/** A whole-input operation: its output, or under Continue On Fail one error item for its failure. */
async function runWholeInput<C>(
	context: IExecuteFunctions,
	operation: WholeInputOperation<C>,
	options: OperationRunOptions<C>,
): Promise<INodeExecutionData[]> {
	try {
		return await operation.runWhole.call(context, options.credentialsOf(0));
	} catch (error) {
		const itemIndex = error instanceof InputError ? (error.itemIndex ?? 0) : 0;
		return [
			settleFailure(context, error, { ...options, endpoint: operation.endpoint }, { itemIndex }),
		];
	}
}
