import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { modelListingCall } from '../../../shared/models/calls';
import { modelOf } from '../../helpers/parameters';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { modelLocator } from '../../../shared/models/modelLocator';

export const endpoint = 'v1/models/{model}';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['model'], operation: ['get'] } },
	[modelLocator('searchModels', 'gemini-2.5-flash')],
);

export function plan(this: IExecuteFunctions, i: number): string {
	return modelOf(this, i);
}

export async function run(
	this: IExecuteFunctions,
	model: string,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const { body } = await callGateway(
		modelListingCall(credentials, { model }, cancelSignalOf(this)),
	);
	return [{ json: body as IDataObject, pairedItem: { item: i } }];
}
