import type { OperationTable } from '../shared/execution';
import type { EndpointDescriptor } from './descriptor';
import { GROUPS } from './descriptor';
import { DOWNLOAD_OPERATION, DOWNLOAD_RESOURCES } from './download/properties';
import { GATEWAY_RESOURCE, GATEWAY_RUN_OPERATION } from './editor/gatewayRunProperties';

/** What an operation of Social Data does: call its endpoint, call any path (Gateway › Run), or download. */
export type SocialDataOperation =
	| { kind: 'endpoint'; endpoint: EndpointDescriptor }
	| { kind: 'gatewayRun' }
	| { kind: 'download' };

const DOWNLOAD: SocialDataOperation = { kind: 'download' };

/** Every resource and operation of the node: one per descriptor endpoint, plus Gateway › Run and the downloads. */
export const SOCIAL_DATA_OPERATIONS: OperationTable<SocialDataOperation> = {
	...Object.fromEntries(
		GROUPS.map((group) => [
			group.key,
			{
				...Object.fromEntries(
					group.endpoints.map((endpoint) => [endpoint.name, { kind: 'endpoint', endpoint }]),
				),
				...(DOWNLOAD_RESOURCES.includes(group.key) ? { [DOWNLOAD_OPERATION]: DOWNLOAD } : {}),
			},
		]),
	),
	[GATEWAY_RESOURCE]: { [GATEWAY_RUN_OPERATION]: { kind: 'gatewayRun' } },
};
