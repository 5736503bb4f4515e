export { startSimulator, type Simulator, type SimulatorOptions } from './server';
export { SIMULATOR_API_KEY, PROVIDER, SIM_EPOCH_MS, DEFAULT_PAGE_SIZE } from './constants';
export { DEFAULT_TOTALS, type Dataset, type WellKnownIds } from './dataset';
export type { Ledger, LedgerEntry } from './ledger';
export type {
	Fault,
	FaultControl,
	FaultKind,
	RateConfig,
	RedirectFault,
	RedirectStatus,
} from './faults';
export type {
	RecordedRequest,
	RouteModule,
	HttpRoute,
	SimContext,
	SimRequest,
	SimResponse,
} from './routes/types';
export {
	bytesFile,
	syntheticMp4,
	type MediaControl,
	type MediaFile,
	type MediaFiles,
} from './media/library';
