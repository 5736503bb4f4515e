import { byIdOperation } from '../byIdOperation';
import { GROUPS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: GROUPS,
	operation: 'delete',
	locatorDescription: 'The group to delete',
});
