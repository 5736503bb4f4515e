import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { GatewayCredentials } from '../transport/credentials';

/**
 * Reads and checks item `itemIndex` from its parameters and binaries, with no network call; refused
 * input throws (an InputError naming the field). Runs for every item before the first call.
 */
type PlanStep<P> = (
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
) => P | Promise<P>;

/** An operation that sends each item on its own: plan every item, then run each plan. */
export interface ItemOperation<P = unknown> {
	kind?: 'eachItem';
	/** Named in error items when the failure happened before a call. */
	endpoint: string;
	/** Items run at once (1 unless the operation says otherwise). */
	concurrency?: number;
	plan: PlanStep<P>;
	/** Sends item `itemIndex`'s plan; its output items are paired with the item by the runner. */
	run(
		this: IExecuteFunctions,
		plan: P,
		itemIndex: number,
		credentials: GatewayCredentials,
	): Promise<INodeExecutionData[]>;
}

/** An operation that sends the plans of all items together (e.g. many items per model call). */
export interface AllItemsOperation<P = unknown> {
	kind: 'allItems';
	endpoint: string;
	plan: PlanStep<P>;
	/** The output items of each planned item, in the order of `planned` (paired by the runner). */
	runAll(
		this: IExecuteFunctions,
		planned: Array<{ itemIndex: number; plan: P }>,
		credentials: GatewayCredentials,
	): Promise<INodeExecutionData[][]>;
}

/** One operation of a node, in the two halves every node shares: plan (no network), then run. */
export type NodeOperation<P = unknown> = ItemOperation<P> | AllItemsOperation<P>;

/** A node's operations by resource, then by operation name. */
export type OperationTable<O> = Record<string, Record<string, O | undefined> | undefined>;

/** The operation the node is set to, read from item 0 (resource and operation are never expressions). */
export function chosenOperation<O>(context: IExecuteFunctions, table: OperationTable<O>): O {
	const resource = context.getNodeParameter('resource', 0) as string;
	const operation = context.getNodeParameter('operation', 0) as string;
	const chosen = table[resource]?.[operation];
	if (chosen === undefined)
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	return chosen;
}

/** Output items of JSON only. */
export function jsonItems(jsons: INodeExecutionData['json'][]): INodeExecutionData[] {
	return jsons.map((json) => ({ json }));
}
