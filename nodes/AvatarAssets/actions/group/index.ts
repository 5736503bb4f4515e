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
				builderHint: {
					propertyHint:
						'Creates a material group named `Name`; its GroupId feeds Asset \u203a Upload.',
				},
				description: 'Create a material group',
				action: 'Create a group',
			},
			{
				name: 'Delete',
				value: 'delete',
				builderHint: { propertyHint: 'Deletes the group `GroupId`.' },
				description: 'Delete a material group',
				action: 'Delete a group',
			},
			{
				name: 'Get',
				value: 'get',
				builderHint: { propertyHint: 'One group by `GroupId`.' },
				description: 'Get a material group',
				action: 'Get a group',
			},
			{
				name: 'List',
				value: 'list',
				builderHint: {
					propertyHint:
						'Material groups, filtered and page by page (`returnAll` or `limit`), one item each.',
				},
				description: 'List material groups, filtered and page by page',
				action: 'List groups',
			},
			{
				name: 'Update',
				value: 'update',
				builderHint: { propertyHint: 'Renames the group `GroupId` or changes its description.' },
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
