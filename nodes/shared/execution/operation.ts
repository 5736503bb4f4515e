import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { GatewayCredentials } from '../transport/credentials';

/**
 * Reads and checks item `itemIndex` from its parameters and binaries, with no network call; refused
 * input throws (an InputError naming the field). Runs for every item before the first call.
 * `credentials` are what the node calls with (a node without any gets `undefined`).
 */
type PlanStep<P, C> = (
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: C,
) => P | Promise<P>;

/** An item whose plan passed. */
export interface PassedPlan<P> {
	itemIndex: number;
	plan: P;
}

/** The half every operation shares: plan each item (no network). */
interface PlanHalf<P, C> {
	/** Named in error items when the failure happened before a call. */
	endpoint: string;
	/** The endpoint a planned item's error item names when it depends on the plan (e.g. the path it calls). */
	endpointOf?(plan: P): string;
	/** What a planned item's error item adds (e.g. the platform of the list it walked). */
	failureDetailsOf?(plan: P): IDataObject;
	plan: PlanStep<P, C>;
}

/** Sends each item on its own. */
export interface EachItemRun<P, C = GatewayCredentials> {
	kind?: 'eachItem';
	/** Items run at once (1 unless the operation says otherwise). */
	concurrency?: number;
	/**
	 * Whether this execution has paid for a call yet: a SpendingLimitReached after that ends the run
	 * keeping what was paid for (see runItems); without it, a limit always stops the node.
	 */
	paid?(): boolean;
	/** Sends item `itemIndex`'s plan; its output items are paired with the item by the runner. */
	run(
		this: IExecuteFunctions,
		plan: P,
		itemIndex: number,
		credentials: C,
	): Promise<INodeExecutionData[]>;
}

/** Sends the plans of all items together (e.g. many items per model call). */
export interface AllItemsRun<P, C = GatewayCredentials> {
	kind: 'allItems';
	/**
	 * The output items of each planned item, in the order of `planned`; those without a pairedItem
	 * are paired with their item by the runner.
	 */
	runAll(
		this: IExecuteFunctions,
		planned: Array<PassedPlan<P>>,
		credentials: C,
	): Promise<INodeExecutionData[][]>;
}

/** An operation that sends each item on its own: plan every item, then run each plan. */
export interface ItemOperation<P = unknown, C = GatewayCredentials>
	extends PlanHalf<P, C>,
		EachItemRun<P, C> {}

/** An operation that sends the plans of all items together. */
export interface AllItemsOperation<P = unknown, C = GatewayCredentials>
	extends PlanHalf<P, C>,
		AllItemsRun<P, C> {}

/**
 * An operation whose run depends on settings that hold for the whole execution (a credit budget,
 * concurrency, batching across items). Once every item is planned, `start` checks the execution as
 * a whole before the first call (e.g. the cost of every plan against the budget; a refusal stops
 * the node, nothing sent, even under Continue On Fail) and sets up how the plans run.
 *
 * The one rule for whose settings count: `lead`, the plan of the first item that passed planning
 * (an item refused under Continue On Fail does not set them). Not called when no item passed.
 */
export interface ExecutionOperation<P = unknown, C = GatewayCredentials> extends PlanHalf<P, C> {
	kind: 'perExecution';
	start(
		this: IExecuteFunctions,
		passed: Array<PassedPlan<P>>,
		lead: P,
		credentials: C,
	): EachItemRun<P, C> | AllItemsRun<P, C> | Promise<EachItemRun<P, C> | AllItemsRun<P, C>>;
}

/**
 * An operation that makes its output from the whole input at once, with no call (e.g. one report
 * of every row): it reads and checks every item before it builds anything, and a refusal fails it
 * whole (the InputError's item is the one its error item pairs with). Output items carry their own
 * pairedItem.
 */
export interface WholeInputOperation<C = GatewayCredentials> {
	kind: 'wholeInput';
	endpoint: string;
	runWhole(this: IExecuteFunctions, credentials: C): Promise<INodeExecutionData[]>;
}

/** One operation of a node, in the two halves every node shares: plan (no network), then run. */
export type NodeOperation<P = unknown, C = GatewayCredentials> =
	| ItemOperation<P, C>
	| AllItemsOperation<P, C>
	| ExecutionOperation<P, C>
	| WholeInputOperation<C>;

/** A node's operations by resource, then by operation name. */
export type OperationTable<O> = Record<string, Record<string, O | undefined> | undefined>;

/**
 * The operation the node is set to, read from item 0 (resource and operation are never expressions).
 * A node without a Resource parameter has one resource: its table's only one.
 */
export function chosenOperation<O>(context: IExecuteFunctions, table: OperationTable<O>): O {
	const resources = Object.keys(table);
	const onlyResource = resources.length === 1 ? resources[0] : undefined;
	const resource = context.getNodeParameter('resource', 0, onlyResource) as string;
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
