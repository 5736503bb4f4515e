import type { INodeProperties } from 'n8n-workflow';

/** The "Options" collection that holds an operation's optional fields (parameter name `options`). */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
	};
}
