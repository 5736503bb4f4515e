import { byIdOperation } from '../byIdOperation';
import { ASSETS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: ASSETS,
	operation: 'update',
	locatorDescription: 'The asset to rename',
	updatableFields: [{ name: 'Name', displayName: 'Name', description: 'New name of the asset' }],
});
