import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { GatewayCredentials } from '../transport/credentials';

/** One operation of a node, run once per input item by the item runner. */
export interface ItemOperation {
	/** Named in error items when the failure happened before a call. */
	endpoint: string;
	/** Items run at once (1 unless the operation says otherwise). */
	concurrency?: number;
	/** The output items of item `itemIndex` (paired with it by the runner). */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		credentials: GatewayCredentials,
	): Promise<INodeExecutionData[]>;
}

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
