import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { errorItemJson, toNodeError } from '../../shared/nodeErrors';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { AssetProcessingError, assetIdOfError } from '../helpers/waitForAsset';
import * as asset from './asset';
import * as group from './group';
import * as realPerson from './realPerson';

interface OperationModule {
	endpoint: string;
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		credentials: GatewayCredentials,
	): Promise<IDataObject[]>;
}

const resources: Record<string, Record<string, OperationModule>> = {
	group: group.operations,
	asset: asset.operations,
	realPerson: realPerson.operations,
};

/** What an error item adds to endpoint, status and service message: the asset a wait was about. */
function assetFieldsOf(error: unknown): IDataObject {
	const assetId = assetIdOfError(error);
	if (assetId === undefined) return {};
	if (!(error instanceof AssetProcessingError)) return { assetId };
	return {
		assetId,
		assetStatus: error.assetStatus,
		...(error.serviceMessage === undefined ? {} : { serviceMessage: error.serviceMessage }),
	};
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName];
	if (!operation)
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);

	const credentials = await getGatewayCredentials(this);
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await operation.execute.call(this, itemIndex, credentials);
			output.push(...results.map((json) => ({ json, pairedItem: { item: itemIndex } })));
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, itemIndex, credentials.apiKey);
			if (!this.continueOnFail()) throw nodeError;
			output.push({
				json: { ...errorItemJson(nodeError, operation.endpoint), ...assetFieldsOf(error) },
				pairedItem: { item: itemIndex },
			});
		}
	}
	return [output];
}
