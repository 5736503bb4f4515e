import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import type { ItemOperation } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { callGateway } from '../../../shared/transport/request';
import type { ModelListAnswer } from '../../helpers/answerShapes';
import { modelListingCall } from '../../../shared/models/calls';

/** One item per model record of a list answer (`data`, or `models` of the native listing). */
function recordItems(body: unknown): INodeExecutionData[] {
	const listing = body as ModelListAnswer | undefined;
	const records = Array.isArray(listing?.data)
		? listing.data
		: Array.isArray(listing?.models)
			? listing.models
			: undefined;
	if (!records) return [{ json: (body ?? {}) as IDataObject }];
	return records.map((record: IDataObject) => ({ json: record }));
}

interface ListingOperation extends ItemOperation<void> {
	description: INodeProperties[];
}

/**
 * Model › List (`GET /v1/models`) and Model › List Native (`GET /v1alpha/models`). A listing takes
 * no input: every item plans to the same call.
 */
export function listingOperation(which: 'list' | 'native'): ListingOperation {
	return {
		endpoint: which === 'list' ? 'v1/models' : 'v1alpha/models',
		description: [],
		plan() {},
		async run(this: IExecuteFunctions, _plan: void, _i: number, credentials: GatewayCredentials) {
			const { body } = await callGateway(
				modelListingCall(credentials, which, cancelSignalOf(this)),
			);
			return recordItems(body);
		},
	};
}
