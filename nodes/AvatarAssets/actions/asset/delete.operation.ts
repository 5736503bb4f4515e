import { byIdOperation } from '../byIdOperation';
import { ASSETS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: ASSETS,
	operation: 'delete',
	locatorDescription: 'The asset to delete',
});
