import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runNode } from '../test/harness';
import type { rawUndiciCaller } from './rawUndici';

export const RAW_ENGINE_NODE_TYPE = 'bench.rawUndiciCalls';

/**
 * The floor of any node making these calls in n8n: it reads the same `object_id` expression per
 * item through the engine, then makes the calls like the bare loop. What the Social Data node costs
 * above this is the pack's own; what this costs above the bare loop is n8n's.
 */
function rawUndiciCallsNode(caller: ReturnType<typeof rawUndiciCaller>, concurrency: number): INodeType {
	const description: INodeTypeDescription = {
		displayName: 'Raw Undici Calls',
		name: 'rawUndiciCalls',
		group: ['transform'],
		version: 1,
		description: 'Bench only: one bare undici call per item',
		defaults: { name: 'Raw Undici Calls' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Object ID', name: 'object_id', type: 'string', default: '' }],
	};
	return {
		description,
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const inputs = this.getInputData().map((_, itemIndex) => ({ object_id: this.getNodeParameter('object_id', itemIndex) as string }));
			const answers = (await caller.callAll(inputs, concurrency)) as Array<{ data: INodeExecutionData['json'] }>;
			return [answers.map((answer, item) => ({ json: answer.data, pairedItem: { item } }))];
		},
	};
}

export async function runRawEngineNode(caller: ReturnType<typeof rawUndiciCaller>, concurrency: number, inputItems: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const result = await runNode({
		node: rawUndiciCallsNode(caller, concurrency),
		type: RAW_ENGINE_NODE_TYPE,
		parameters: { object_id: '={{ $json.objectId }}' },
		inputItems,
	});
	const error = result.errorOf();
	if (error) throw new Error(`the raw engine node failed: ${error.message}`);
	return result.items;
}
