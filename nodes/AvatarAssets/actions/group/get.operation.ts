import { byIdOperation } from '../byIdOperation';
import { GROUPS } from '../records';

export const { endpoint, description, execute } = byIdOperation({
	records: GROUPS,
	operation: 'get',
	locatorDescription: 'The group to get',
});
