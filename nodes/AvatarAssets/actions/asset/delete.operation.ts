import { byIdOperation } from '../byIdOperation';
import { ASSETS } from '../records';

export const { endpoint, description, execute } = byIdOperation({
	records: ASSETS,
	operation: 'delete',
	locatorDescription: 'The asset to delete',
});
