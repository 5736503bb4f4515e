import { byIdOperation } from '../byIdOperation';
import { GROUPS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: GROUPS,
	operation: 'get',
	locatorDescription: 'The group to get',
});
