import { textOperation } from './textOperation';

export const { endpoint, description, plan, run } = textOperation('generate');
