import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { modelListingCall } from '../../helpers/calls';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import type { ModelListAnswer } from '../../helpers/answerShapes';

export const endpoint = 'v1/models';

export const description: INodeProperties[] = [];

/** One item per model record of a list answer (`data`, or `models` of the native listing). */
export function recordItems(body: unknown, i: number): INodeExecutionData[] {
	const listing = body as ModelListAnswer | undefined;
	const records = Array.isArray(listing?.data)
		? listing.data
		: Array.isArray(listing?.models)
			? listing.models
			: undefined;
	if (!records) return [{ json: (body ?? {}) as IDataObject, pairedItem: { item: i } }];
	return records.map((record: IDataObject) => ({ json: record, pairedItem: { item: i } }));
}

/** The listing takes no input: every item plans to the same call. */
export function plan(): void {}

export async function run(
	this: IExecuteFunctions,
	_plan: void,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const { body } = await callGateway(modelListingCall(credentials, 'list', cancelSignalOf(this)));
	return recordItems(body, i);
}
