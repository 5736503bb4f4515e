import type { INodeProperties } from 'n8n-workflow';
import { GROUPS } from './descriptor';
import { endpointProperties, operationProperty } from './editor/endpointProperties';
import { nodeOptionsFor } from './editor/nodeOptions';
import { GATEWAY_RESOURCE, gatewayRunProperties } from './editor/gatewayRunProperties';
import { downloadProperties, withDownloadOperation } from './download/properties';

const freeFormInput = (resource: string, operation: string): INodeProperties => ({
	displayName: 'Additional Input (JSON)',
	name: 'additionalInput',
	type: 'json',
	default: '{}',
	description:
		"Further input fields of this endpoint, as a JSON object merged into the call's input",
	displayOptions: { show: { resource: [resource], operation: [operation] } },
});

const resourceOptions = [
	...GROUPS.map((group) => ({
		name: group.displayName,
		value: group.key,
		description: group.description,
	})),
	{
		name: 'Gateway',
		value: GATEWAY_RESOURCE,
		description: 'Any other data endpoint of the gateway by its path',
	},
];

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resourceOptions,
	default: 'shortVideo',
};

export const socialDataProperties: INodeProperties[] = [
	resourceProperty,
	...GROUPS.map(operationProperty).map(withDownloadOperation),
	...GROUPS.flatMap((group) =>
		group.endpoints.flatMap((endpoint) => {
			return [
				...endpointProperties(endpoint, nodeOptionsFor(endpoint)),
				...(endpoint.freeFormInput ? [freeFormInput(group.key, endpoint.name)] : []),
			];
		}),
	),
	...gatewayRunProperties,
	...downloadProperties,
];
