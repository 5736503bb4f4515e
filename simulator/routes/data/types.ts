import type { DataPathFamily } from '../../../nodes/shared/transport/wireNames';
import type { SimContext } from '../types';
import type { Input } from './input';

export interface DataContext extends SimContext {
	/** The endpoint path named in the envelope. */
	endpoint: string;
	/** Records per page where the service decides (SimulatorOptions.pageSize). */
	pageSize: number;
}

/** Returns the payload placed under the envelope's `data`, or throws an HttpError. */
export type DataHandler = (input: Input, ctx: DataContext) => unknown;

/** A payload with billing units different from one call (batch play links are charged as 50). */
export class DataReply {
	constructor(
		readonly data: unknown,
		readonly units: number,
	) {}
}

export interface DataGroup {
	/** The path family; its prefix is that of the names the simulator speaks (DATA_PATH_PREFIXES). */
	key: DataPathFamily;
	/** Handlers keyed by endpoint name (the path segment after the prefix). */
	endpoints: Record<string, DataHandler>;
}
