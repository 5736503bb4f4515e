export { detectSpikes } from './detectSpikes';
export type { AlertRow, HistoryRow, Spike, SpikeSettings } from './types';
