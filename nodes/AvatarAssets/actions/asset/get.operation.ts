import { byIdOperation } from '../byIdOperation';
import { ASSETS } from '../records';

export const { endpoint, description, plan, run } = byIdOperation({
	records: ASSETS,
	operation: 'get',
	locatorDescription: 'The asset to get (with its current status)',
});
