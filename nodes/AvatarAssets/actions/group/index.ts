import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as remove from './delete.operation';
import * as get from './get.operation';
import * as list from './list.operation';
import * as update from './update.operation';

export const operations = { create, list, get, update, delete: remove };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['group'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a material group',
				action: 'Create a group',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a material group',
				action: 'Delete a group',
			},
			{ name: 'Get', value: 'get', description: 'Get a material group', action: 'Get a group' },
			{
				name: 'List',
				value: 'list',
				description: 'List material groups, filtered and page by page',
				action: 'List groups',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Rename a group or change its description',
				action: 'Update a group',
			},
		],
		default: 'create',
	},
	...create.description,
	...list.description,
	...get.description,
	...update.description,
	...remove.description,
];
