import type { INodeProperties } from 'n8n-workflow';
import { GROUPS_LIST_PATH } from '../../transport/paths';
import { groupIdsFilter, listProperties } from '../descriptions';
import { listOperation } from '../listOperation';

const properties: INodeProperties[] = listProperties([
	{
		displayName: 'Name',
		name: 'Name',
		type: 'string',
		default: '',
		description: 'Group name to match',
	},
	groupIdsFilter('Only these groups (IDs separated by commas)'),
	{
		displayName: 'Group Type',
		name: 'GroupType',
		type: 'string',
		default: '',
		description: 'Only groups of this type',
	},
]);

export const { endpoint, description, plan, run } = listOperation({
	resource: 'group',
	path: GROUPS_LIST_PATH,
	properties,
	filter: [
		{ key: 'Name', displayName: 'Name', kind: 'text' },
		{ key: 'GroupIds', displayName: 'Group IDs', kind: 'ids' },
		{ key: 'GroupType', displayName: 'Group Type', kind: 'text' },
	],
});
