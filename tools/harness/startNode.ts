import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { HarnessNodeTypes } from './types';

/** Type name of the harness's start node: it emits the run's `inputItems`. */
export const START_NODE_TYPE = 'test.start';

function passThroughDescription(
	name: string,
	displayName: string,
	isStart: boolean,
): INodeTypeDescription {
	return {
		displayName,
		name,
		group: [isStart ? 'trigger' : 'transform'],
		version: 1,
		description: isStart
			? 'Emits the items the test gave the harness'
			: 'Passes its input on unchanged',
		defaults: { name: displayName },
		inputs: isStart ? [] : [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};
}

/**
 * The start node's input is whatever the harness put on the execution stack, so returning the
 * input is "emit inputItems". Also stands in for n8n's manual trigger and No Op node, whose
 * packages are not installed here, so workflow JSON exported from n8n runs unchanged.
 */
class PassThroughNode implements INodeType {
	constructor(readonly description: INodeTypeDescription) {}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

export const BUILT_IN_NODE_TYPES: HarnessNodeTypes = {
	[START_NODE_TYPE]: new PassThroughNode(passThroughDescription('harnessStart', 'Start', true)),
	'n8n-nodes-base.manualTrigger': new PassThroughNode(
		passThroughDescription('manualTrigger', 'Manual Trigger', true),
	),
	'n8n-nodes-base.noOp': new PassThroughNode(passThroughDescription('noOp', 'No Operation', false)),
};
