import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { InputError } from '../../shared/execution/inputError';
import { toNodeError } from '../../shared/execution/nodeErrors';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';
import * as checkSpikes from './checkSpikes.operation';

const OPERATIONS: Record<string, (this: IExecuteFunctions) => Promise<INodeExecutionData[]>> = {
	buildReport: buildReport.execute,
	buildAlert: buildAlert.execute,
	checkSpikes: checkSpikes.execute,
};

/** Runs the chosen operation; a refused input becomes n8n's error naming the field and the item. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = OPERATIONS[operation];
	if (!execute)
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported`);
	try {
		return [await execute.call(this)];
	} catch (error) {
		const itemIndex = error instanceof InputError ? (error.itemIndex ?? 0) : 0;
		const failure = toNodeError(this.getNode(), error, itemIndex);
		if (!this.continueOnFail()) throw failure;
		return [[{ json: { error: failure.message }, pairedItem: { item: itemIndex } }]];
	}
}
