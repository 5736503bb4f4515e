import { byIdOperation } from '../byIdOperation';
import { GROUPS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: GROUPS,
	operation: 'update',
	locatorDescription: 'The group to update',
	updatableFields: [
		{ name: 'Name', displayName: 'Name', description: 'New name of the group' },
		{
			name: 'Description',
			displayName: 'Description',
			description: 'New description of the group',
		},
	],
});
