import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ExecutionOperation, OperationTable } from '../../shared/execution';
import { chosenOperation, runOperation } from '../../shared/execution';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import type { EndpointDescriptor } from '../descriptor';
import { GROUPS } from '../descriptor';
import { DOWNLOAD_OPERATION, DOWNLOAD_RESOURCES } from '../download/properties';
import { GATEWAY_RESOURCE, GATEWAY_RUN_OPERATION } from '../editor/gatewayRunProperties';
import { inOperationTerms } from '../pipeline/errorTerms';
import { downloadOperation } from './download.operation';
import { endpointOperation } from './endpoint.operation';

/** An operation of Social Data; an endpoint's operation names its endpoint in the user's words. */
type SocialDataOperation = ExecutionOperation & { descriptor?: EndpointDescriptor };

const download: SocialDataOperation = downloadOperation();

const ofEndpoint = (endpoint: EndpointDescriptor): SocialDataOperation => ({
	...endpointOperation(endpoint),
	descriptor: endpoint,
});

/** Every resource and operation of the node: one per descriptor endpoint, plus Gateway › Run and the downloads. */
const OPERATIONS: OperationTable<SocialDataOperation> = {
	...Object.fromEntries(
		GROUPS.map((group) => [
			group.key,
			{
				...Object.fromEntries(
					group.endpoints.map((endpoint) => [endpoint.name, ofEndpoint(endpoint)]),
				),
				...(DOWNLOAD_RESOURCES.includes(group.key) ? { [DOWNLOAD_OPERATION]: download } : {}),
			},
		]),
	),
	[GATEWAY_RESOURCE]: { [GATEWAY_RUN_OPERATION]: endpointOperation(undefined) },
};

/**
 * Runs the chosen operation for every input item on the shared runner: plan every item, check the
 * execution's cost, then send. Programmatic rather than n8n's declarative routing: every item is
 * checked and priced before the first billed call.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = chosenOperation(this, OPERATIONS);
	const credentials = await getGatewayCredentials(this);
	const output = await runOperation(this, operation, {
		apiKey: credentials.apiKey,
		credentialsOf: () => credentials,
		reword: (error) => inOperationTerms(error, operation.descriptor),
	});
	return [output];
}
