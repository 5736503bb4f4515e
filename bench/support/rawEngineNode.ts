import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { PROVIDER } from '../../simulator';
import { mapWithConcurrency } from '../../nodes/shared/concurrency';
import { runNode, simulatorCredentials } from '../../tools/harness';
import { videoDetailInput } from './socialDataRuns';

export const RAW_ENGINE_NODE_TYPE = 'bench.helperCalls';

/**
 * The floor of any node making these calls in n8n within the instance's rules: it reads the same
 * `object_id` expression per item through the engine and sends the pack's run input for it through n8n's
 * `httpRequestWithAuthentication` with the same credential, letting n8n parse the JSON (ids rounded).
 * What the Social Data node costs above this is the pack's own; what this costs above a bare
 * undici loop is n8n's.
 */
function helperCallsNode(baseUrl: string, endpoint: string, concurrency: number): INodeType {
	const description: INodeTypeDescription = {
		displayName: 'Helper Calls',
		name: 'helperCalls',
		group: ['transform'],
		version: 1,
		description: "Bench only: one call per item through n8n's request helper",
		defaults: { name: 'Helper Calls' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: [{ displayName: 'Object ID', name: 'object_id', type: 'string', default: '' }],
	};
	return {
		description,
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const inputs = this.getInputData().map((_, itemIndex) =>
				videoDetailInput(this.getNodeParameter('object_id', itemIndex)),
			);
			const answers = await mapWithConcurrency(
				inputs.length,
				concurrency,
				async (index) =>
					(await this.helpers.httpRequestWithAuthentication.call(this, 'socialGatewayApi', {
						method: 'POST',
						url: `${baseUrl}/api/v1/run`,
						body: { provider: PROVIDER, endpoint, input: inputs[index] },
						json: true,
					})) as { data: INodeExecutionData['json'] },
			);
			return [answers.map((answer, item) => ({ json: answer.data, pairedItem: { item } }))];
		},
	};
}

export async function runRawEngineNode(
	baseUrl: string,
	endpoint: string,
	concurrency: number,
	inputItems: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const result = await runNode({
		node: helperCallsNode(baseUrl, endpoint, concurrency),
		type: RAW_ENGINE_NODE_TYPE,
		parameters: { object_id: '={{ $json.objectId }}' },
		credentials: simulatorCredentials(baseUrl),
		inputItems,
	});
	const error = result.errorOf();
	if (error) throw new Error(`the helper floor node failed: ${error.message}`);
	return result.items;
}
