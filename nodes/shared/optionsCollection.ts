import type { INodeProperties } from 'n8n-workflow';

/**
 * The "Options" collection that holds an operation's optional fields (parameter name `options`),
 * listed by display name as n8n's lint wants them.
 */
export function optionsCollection(
	options: INodeProperties[],
	displayOptions?: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		...(displayOptions ? { displayOptions } : {}),
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}
