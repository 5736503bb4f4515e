import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { modelListingCall } from '../../helpers/calls';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { recordItems } from './list.operation';

export const endpoint = 'v1alpha/models';

export const description: INodeProperties[] = [];

/** The listing takes no input: every item plans to the same call. */
export function plan(): void {}

export async function run(
	this: IExecuteFunctions,
	_plan: void,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const { body } = await callGateway(modelListingCall(credentials, 'native', cancelSignalOf(this)));
	return recordItems(body, i);
}
