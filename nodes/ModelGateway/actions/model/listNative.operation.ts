import { listingOperation } from './listingOperation';

export const { endpoint, description, plan, run } = listingOperation('native');
