/** A source whose data is missing: its search still failed at the end of the period. */
export interface FailedSource {
	source: string;
	error: string;
	status: number | string | null;
}

/** One run of one source for one search (a row of the collector's runs table), read and checked. */
export interface SourceRun {
	time: number;
	/** The platform the source searches. */
	source: string;
	/** What the run searched for (brand and term): a later run of the same search can catch up. */
	search: string;
	brand: string | null;
	error: string | null;
	status: number | string | null;
	/** What the run spent (0 when its row names none). */
	credits: number;
	modelCalls: number;
}

/** A source that failed at some runs and answered at a later run of each failed search. */
export interface RecoveredSource {
	source: string;
	/** The runs that failed, each time once, earliest first. */
	failedAt: number[];
	/** The run by which every failed search had answered again. */
	caughtUpAt: number;
}

export interface Outages {
	/** Searches whose last run in the period failed: their data is missing. */
	failures: FailedSource[];
	recovered: RecoveredSource[];
}

const groupBy = <T>(values: T[], keyOf: (value: T) => string): Map<string, T[]> => {
	const groups = new Map<string, T[]>();
	for (const value of values)
		groups.set(keyOf(value), [...(groups.get(keyOf(value)) ?? []), value]);
	return groups;
};

/**
 * The period's outages from its runs. A search (source, brand, term) whose last run failed is
 * missing data; one that failed and answered at a later run was caught up: the collector's memory
 * stays where it was on a failed run, so the next run reads what the failed one missed.
 */
export function outagesOf(runs: SourceRun[]): Outages {
	const failures: FailedSource[] = [];
	const caughtUp: Array<{ source: string; failedAt: number[]; answeredAt: number }> = [];
	for (const searchRuns of groupBy(runs, (run) => `${run.source}\u0001${run.search}`).values()) {
		const ordered = [...searchRuns].sort((a, b) => a.time - b.time);
		const failed = ordered.filter((run) => run.error !== null);
		if (!failed.length) continue;
		const last = ordered[ordered.length - 1];
		if (last.error !== null) {
			failures.push({
				source: last.source,
				error: last.brand ? `${last.brand}: ${last.error}` : last.error,
				status: last.status,
			});
			continue;
		}
		const lastFailure = failed[failed.length - 1].time;
		caughtUp.push({
			source: last.source,
			failedAt: failed.map((run) => run.time),
			answeredAt: (ordered.find((run) => run.time > lastFailure && run.error === null) ?? last)
				.time,
		});
	}
	const recovered = [...groupBy(caughtUp, (search) => search.source).entries()].map(
		([source, searches]) => ({
			source,
			failedAt: [...new Set(searches.flatMap((search) => search.failedAt))].sort((a, b) => a - b),
			caughtUpAt: Math.max(...searches.map((search) => search.answeredAt)),
		}),
	);
	return { failures, recovered };
}
