import type { INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../shared/execution/resultLimit';
import { optionsCollection } from '../../shared/optionsCollection';
import { ADDITIONAL_BODY_FIELD } from '../helpers/callSettings';
import { ROUTING_NAME_FIELD, ROUTING_VALUE_FIELD } from '../helpers/routing';
import { DEFAULT_MAX_WAIT_SECONDS, DEFAULT_POLL_INTERVAL_SECONDS } from '../helpers/waitForAsset';

/** Properties several operations share. Collections list their entries sorted by display name (n8n lint). */

const byDisplayName = (properties: INodeProperties[]) =>
	[...properties].sort((a, b) => a.displayName.localeCompare(b.displayName));

/**
 * The routing parameter (name and value not published by the spec), extra body fields and the
 * full-answer switch. `body`: POST/PATCH calls, where the parameter goes into the JSON body;
 * `path`: GET/DELETE calls, where it goes into the query string.
 */
function callOptions(kind: 'body' | 'path'): INodeProperties[] {
	const options: INodeProperties[] = [
		{
			displayName: ROUTING_NAME_FIELD.displayName,
			name: ROUTING_NAME_FIELD.name,
			type: 'string',
			default: '',
			placeholder: 'model',
			description:
				kind === 'body'
					? "Overrides the credential's Avatar Routing Parameter Name for this node; sent as a field of the JSON body"
					: "Overrides the credential's Avatar Routing Parameter Name for this node; sent as a query parameter on calls without a body",
		},
		{
			displayName: ROUTING_VALUE_FIELD.displayName,
			name: ROUTING_VALUE_FIELD.name,
			type: 'string',
			default: '',
			placeholder: 'e.g. doubao-seedance-2-0-260128',
			description:
				"Overrides the credential's Avatar Routing Value (the video model's ID) for this node",
		},
		{
			displayName: 'Full Response',
			name: 'fullResponse',
			type: 'boolean',
			default: false,
			description:
				'Whether to output the whole answer (with its metadata) instead of its Result object',
		},
	];
	if (kind === 'body') {
		options.push({
			displayName: ADDITIONAL_BODY_FIELD.displayName,
			name: ADDITIONAL_BODY_FIELD.name,
			type: 'json',
			default: '{}',
			description:
				"JSON object merged into the request body last (its fields replace the node's on a clash), for body fields the node does not offer",
		});
	}
	return options;
}

/** The Options collection of an operation: its own optional fields and the call options, sorted. */
export function callOptionsCollection(
	kind: 'body' | 'path',
	ownOptions: INodeProperties[] = [],
): INodeProperties {
	return optionsCollection(byDisplayName([...ownOptions, ...callOptions(kind)]));
}

export const waitOptions: INodeProperties[] = [
	{
		displayName: 'Poll Interval (Seconds)',
		name: 'pollIntervalSeconds',
		type: 'number',
		default: DEFAULT_POLL_INTERVAL_SECONDS,
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		description: 'Time between two status checks while the asset is Processing',
	},
	{
		displayName: 'Maximum Wait (Seconds)',
		name: 'maxWaitSeconds',
		type: 'number',
		default: DEFAULT_MAX_WAIT_SECONDS,
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		description:
			'How long to wait for the asset to leave Processing before failing with its ID, so a later step can poll again',
	},
];

const pagingProperties: INodeProperties[] = returnAllAndLimit();

const pageOptions: INodeProperties[] = [
	{
		displayName: 'Page Number',
		name: 'PageNumber',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description:
			'Page to start from (1 is the first): above 1 the node asks by page number, from the start it follows the NextToken of each answer (or page numbers, when the service answers that way)',
	},
	{
		displayName: 'Page Size',
		name: 'PageSize',
		type: 'number',
		default: 10,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description:
			'Records asked for per call (sent as MaxResults, or PageSize when paging by number); Return All and Limit walk as many pages as needed',
	},
];

/**
 * A list operation: Return All and Limit, the Filter collection, and paging with the call options.
 * `ownOptions` are further options of the operation (e.g. sorting).
 */
export function listProperties(
	filterOptions: INodeProperties[],
	ownOptions: INodeProperties[] = [],
): INodeProperties[] {
	return [
		...pagingProperties,
		{
			displayName: 'Filter',
			name: 'Filter',
			type: 'collection',
			placeholder: 'Add filter',
			default: {},
			options: byDisplayName(filterOptions),
		},
		callOptionsCollection('body', [...pageOptions, ...ownOptions]),
	];
}

/** The filter by group ids of a list operation. */
export function groupIdsFilter(description: string): INodeProperties {
	return {
		displayName: 'Group IDs',
		name: 'GroupIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. group-1, group-2',
		description,
	};
}
