import { DEFAULT_PROVIDER } from '../nodes/shared/transport/wireNames';

/** The `provider` value the simulated gateway routes the data paths by (in either vocabulary). */
export const PROVIDER = DEFAULT_PROVIDER;

export const SIMULATOR_API_KEY = 'sk-sim-test-key-0123456789';

/** Start of the virtual clock; generated timestamps are placed before it, so data never depends on the real date. */
export const SIM_EPOCH_MS = Date.UTC(2025, 5, 1, 12, 0, 0);

export const DEFAULT_SEED = 20250601;

/** Records per page wherever the service, not the caller, decides the page size. */
export const DEFAULT_PAGE_SIZE = 10;

/** Spec, Limits: price of a successful data call. */
export const DATA_CALL_CREDITS = 0.1;
