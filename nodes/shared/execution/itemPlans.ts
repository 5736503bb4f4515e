import type { IExecuteFunctions } from 'n8n-workflow';
import { toNodeError } from './nodeErrors';

/** What planning one item gave: its plan, or why its input was refused. */
export type PlannedItem<P> =
	| { itemIndex: number; ok: true; plan: P }
	| { itemIndex: number; ok: false; error: unknown };

/**
 * Plans every item before the first call, so bad input costs nothing: without Continue On Fail the
 * first refused item stops the node (with ` (item N)` for an InputError); with it, refused items
 * come back as `ok: false` for the item runner to turn into error items. Planning reads parameters
 * and binaries through the engine, never the network; items are planned one after the other.
 */
export async function planEveryItem<P>(
	context: IExecuteFunctions,
	plan: (itemIndex: number) => P | Promise<P>,
): Promise<Array<PlannedItem<P>>> {
	const planned: Array<PlannedItem<P>> = [];
	const count = context.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			planned.push({ itemIndex, ok: true, plan: await plan(itemIndex) });
		} catch (error) {
			planned.push({ itemIndex, ok: false, error });
		}
	}
	const refused = planned.find((item) => !item.ok);
	if (refused && !refused.ok && !context.continueOnFail())
		throw toNodeError(context.getNode(), refused.error, refused.itemIndex);
	return planned;
}

/** The plan of an item that passed, or its refusal thrown (inside the item runner's task). */
export function planOrRefusal<P>(planned: PlannedItem<P>): P {
	if (!planned.ok) throw planned.error;
	return planned.plan;
}
