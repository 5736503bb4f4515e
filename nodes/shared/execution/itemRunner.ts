import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { mapWithConcurrency } from '../concurrency';
import { addOutputHints } from './executionHints';
import type { FailurePolicy } from './failure';
import { settleFailure, stopsNode } from './failure';
import { limitStopHint } from './spendingLimit';

export interface ItemRunOptions extends FailurePolicy {
	/** Items run at once (default 1); the output keeps the input's order either way. */
	concurrency?: number;
	/** Whether the execution has paid for a call yet (see runItems); without it, nothing counts as paid. */
	paid?: () => boolean;
}

/** The output items of one input item; those without a pairedItem are paired with it. */
export type ItemTask = (itemIndex: number) => Promise<INodeExecutionData[]>;

const pairedWith = (items: INodeExecutionData[], itemIndex: number) =>
	items.map((item) => (item.pairedItem ? item : { ...item, pairedItem: { item: itemIndex } }));

/**
 * The one per-item loop of every node: runs `task` for each input item (up to `concurrency` at
 * once, output in input order), pairs each output item with its input item, and settles failures
 * by the policy (see settleFailure): an error item under Continue On Fail, otherwise the node stops
 * and items not started yet are not sent.
 *
 * A spending limit (SpendingLimitReached) is never an error item. Before the execution paid for
 * anything it stops the node; after paid calls it ends the run: what was paid for stays in the
 * output (the item's own paid part too), items not started yet are not sent, and one hint says
 * where it stopped.
 */
export async function runItems(
	context: IExecuteFunctions,
	task: ItemTask,
	options: ItemRunOptions,
): Promise<INodeExecutionData[]> {
	const count = context.getInputData().length;
	const continueOnFail = context.continueOnFail();
	let stopped = false;
	let stoppedByLimit = false;
	const outputs = await mapWithConcurrency(count, options.concurrency ?? 1, async (itemIndex) => {
		if (stopped) return [];
		try {
			return pairedWith(await task(itemIndex), itemIndex);
		} catch (error) {
			if (stopsNode(error) && options.paid?.() === true) {
				if (!stoppedByLimit) addOutputHints(context, [limitStopHint(itemIndex, count, error)]);
				stopped = stoppedByLimit = true;
				return pairedWith(error.partial?.output ?? [], itemIndex);
			}
			stopped = !continueOnFail || stopsNode(error);
			return [settleFailure(context, error, options, { itemIndex }, continueOnFail)];
		}
	});
	return outputs.flat();
}
