import { byIdOperation } from '../byIdOperation';
import { GROUPS } from '../records';

export const { endpoint, description, execute } = byIdOperation({
	records: GROUPS,
	operation: 'delete',
	locatorDescription: 'The group to delete',
});
