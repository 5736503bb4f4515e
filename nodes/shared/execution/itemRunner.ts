import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { mapWithConcurrency } from '../concurrency';
import type { FailurePolicy } from './failure';
import { settleFailure } from './failure';

export interface ItemRunOptions extends FailurePolicy {
	/** Items run at once (default 1); the output keeps the input's order either way. */
	concurrency?: number;
}

/** The output items of one input item; those without a pairedItem are paired with it. */
export type ItemTask = (itemIndex: number) => Promise<INodeExecutionData[]>;

/**
 * The one per-item loop of every node: runs `task` for each input item (up to `concurrency` at
 * once, output in input order), pairs each output item with its input item, and settles failures
 * by the policy (see settleFailure): an error item under Continue On Fail, otherwise the node stops
 * and items not started yet are not sent.
 */
export async function runItems(
	context: IExecuteFunctions,
	task: ItemTask,
	options: ItemRunOptions,
): Promise<INodeExecutionData[]> {
	const count = context.getInputData().length;
	const continueOnFail = context.continueOnFail();
	let stopped = false;
	const outputs = await mapWithConcurrency(count, options.concurrency ?? 1, async (itemIndex) => {
		if (stopped) return [];
		try {
			const items = await task(itemIndex);
			return items.map((item) => ({ ...item, pairedItem: item.pairedItem ?? { item: itemIndex } }));
		} catch (error) {
			stopped = !continueOnFail || options.stopsNode?.(error) === true;
			return [settleFailure(context, error, options, { itemIndex }, continueOnFail)];
		}
	});
	return outputs.flat();
}
