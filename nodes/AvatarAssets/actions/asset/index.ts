import type { INodeProperties } from 'n8n-workflow';
import * as remove from './delete.operation';
import * as get from './get.operation';
import * as list from './list.operation';
import * as update from './update.operation';
import * as upload from './upload.operation';
import * as waitForProcessing from './waitForProcessing.operation';

export const operations = { upload, list, get, update, delete: remove, waitForProcessing };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				builderHint: { propertyHint: 'Deletes the asset `AssetId`.' },
				description: 'Delete an asset',
				action: 'Delete an asset',
			},
			{
				name: 'Get',
				value: 'get',
				builderHint: {
					propertyHint: 'One asset by `AssetId` with its status (Processing, Active, Failed).',
				},
				description: 'Get an asset with its current status',
				action: 'Get an asset',
			},
			{
				name: 'List',
				value: 'list',
				builderHint: {
					propertyHint: 'Assets filtered and page by page (`returnAll` or `limit`), one item each.',
				},
				description: 'List assets, filtered, sorted and page by page',
				action: 'List assets',
			},
			{
				name: 'Update',
				value: 'update',
				builderHint: { propertyHint: 'Renames the asset `AssetId`.' },
				description: 'Rename an asset',
				action: 'Update an asset',
			},
			{
				name: 'Upload',
				value: 'upload',
				builderHint: {
					propertyHint:
						'Adds material from a public `URL` to the group `GroupId` as `AssetType`; by default waits until it is processed. Create the group first (Group \u203a Create) or pick one.',
				},
				description:
					'Add material from a public URL to a group, and by default wait until it is processed',
				action: 'Upload an asset',
			},
			{
				name: 'Wait for Processing',
				value: 'waitForProcessing',
				builderHint: {
					propertyHint:
						'Waits until the asset `AssetId` is Active (or failed): after an upload made without waiting.',
				},
				description: 'Poll an asset until it is Active (or fails, or the maximum wait passes)',
				action: 'Wait for an asset to be processed',
			},
		],
		default: 'upload',
	},
	...upload.description,
	...list.description,
	...get.description,
	...update.description,
	...remove.description,
	...waitForProcessing.description,
];
