import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemOperation, OperationTable } from '../../shared/execution/operation';
import { chosenOperation } from '../../shared/execution/operation';
import { runOperation } from '../../shared/execution/operationRunner';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { AssetProcessingError, assetIdOfError } from '../helpers/waitForAsset';
import * as asset from './asset';
import * as group from './group';
import * as realPerson from './realPerson';

const OPERATIONS: OperationTable<ItemOperation> = {
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
	const operation = chosenOperation(this, OPERATIONS);
	const credentials = await getGatewayCredentials(this);
	const output = await runOperation(this, operation, {
		apiKey: credentials.apiKey,
		errorDetails: assetFieldsOf,
		credentialsOf: () => credentials,
	});
	return [output];
}
