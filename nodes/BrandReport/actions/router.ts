import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { NodeOperation, OperationRunOptions } from '../../shared/execution';
import { runOperation } from '../../shared/execution';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';
import * as checkSpikes from './checkSpikes.operation';

/** Brand Report calls nothing: its operations run with no credentials. */
const NO_CREDENTIALS: OperationRunOptions<undefined> = { credentialsOf: () => undefined };

/** Runs one operation of the node on the shared runner. */
const runs =
	<P>(operation: NodeOperation<P, undefined>) =>
	async (context: IExecuteFunctions) =>
		await runOperation(context, operation, NO_CREDENTIALS);

const OPERATIONS: Record<
	string,
	((context: IExecuteFunctions) => Promise<INodeExecutionData[]>) | undefined
> = {
	// A report and a spike check read every row at once: a refused row fails them whole.
	buildReport: runs({ kind: 'wholeInput', endpoint: 'buildReport', runWhole: buildReport.execute }),
	checkSpikes: runs({ kind: 'wholeInput', endpoint: 'checkSpikes', runWhole: checkSpikes.execute }),
	// One alert per spike item: a refused item is its own error item under Continue On Fail.
	buildAlert: runs({ endpoint: 'buildAlert', plan: buildAlert.plan, run: buildAlert.run }),
};

/** Runs the chosen operation: refused input names the field and the item. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = this.getNodeParameter('operation', 0) as string;
	const run = OPERATIONS[operation];
	if (!run)
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported`);
	return [await run(this)];
}
