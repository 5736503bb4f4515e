/** One answered call of a billable route. Unbilled answers (rejections, faults) carry credits 0. */
export interface LedgerEntry {
	endpoint: string;
	credits: number;
	status: number;
	/** Virtual clock time of the answer (ms). */
	at: number;
	/** Billing units where the spec prices by units, e.g. 50 for a batch of fewer than 50 play links. */
	units?: number;
	/** Set when a fault replaced or cut the answer. */
	fault?: string;
}

export interface Ledger {
	entries: LedgerEntry[];
	billedCalls(): number;
	credits(): number;
	reset(): void;
}

export interface WritableLedger extends Ledger {
	record(entry: LedgerEntry): void;
}

export function createLedger(): WritableLedger {
	const entries: LedgerEntry[] = [];
	return {
		entries,
		record: (entry) => void entries.push(entry),
		billedCalls: () => entries.filter((e) => e.credits > 0).length,
		// Summed in millionths so 0.1 + 0.2 stays 0.3.
		credits: () => entries.reduce((sum, e) => sum + Math.round(e.credits * 1e6), 0) / 1e6,
		reset: () => void entries.splice(0, entries.length),
	};
}
