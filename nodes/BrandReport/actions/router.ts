import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { NodeOperation, OperationTable } from '../../shared/execution';
import { chosenOperation, runOperation } from '../../shared/execution';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';
import * as checkRules from './checkRules.operation';
import * as checkSpikes from './checkSpikes.operation';
import * as matchRules from './matchRules.operation';

/** Brand Report has no Resource parameter: its operations are the one resource of its table. */
const OPERATIONS: OperationTable<NodeOperation<unknown, undefined>> = {
	report: {
		// A report and a spike check read every row at once: a refused row fails them whole.
		buildReport: { kind: 'wholeInput', endpoint: 'buildReport', runWhole: buildReport.execute },
		checkSpikes: { kind: 'wholeInput', endpoint: 'checkSpikes', runWhole: checkSpikes.execute },
		// One alert per spike item: a refused item is its own error item under Continue On Fail.
		buildAlert: { endpoint: 'buildAlert', plan: buildAlert.plan, run: buildAlert.run },
		// Every mention is planned (its brand's rule found) before any is matched and dropped.
		matchRules: {
			kind: 'allItems',
			endpoint: 'matchRules',
			plan: matchRules.plan,
			runAll: matchRules.runAll,
		},
		// Passes its input on once every brand's rule was read: a flow's check before any call.
		checkRules: { kind: 'wholeInput', endpoint: 'checkRules', runWhole: checkRules.execute },
	},
};

/** Runs the chosen operation: refused input names the field and the item. Brand Report calls nothing. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = chosenOperation(this, OPERATIONS);
	return [await runOperation(this, operation, { credentialsOf: () => undefined })];
}
