/** One mention as the history (a Data Table) keeps it: stored once, when it was first seen. */
export interface HistoryRow {
	key: string;
	brand: string;
	platform: string;
	/** `comment` for a comment under a post (`postId`); rows without it are posts. */
	kind?: string;
	postId?: string | null;
	id: string;
	label: string;
	/** ISO time the mention was first seen. */
	firstSeen: string;
	likes?: number | null;
	comments?: number | null;
	shares?: number | null;
	url?: string | null;
	openInApp?: string | null;
	title?: string;
	author?: string | null;
	reason?: string;
}

/** An alert already sent, as the alert history keeps it. */
export interface AlertRow {
	brand: string;
	label: string;
	spikeStart: string;
	alertedAt: string;
}

export interface SpikeSettings {
	windowMinutes: number;
	baselineDays: number;
	minimumCount: number;
	factor: number;
	/** Usually 'negative'. */
	label: string;
}

export interface Spike {
	brand: string;
	label: string;
	windowStart: string;
	windowEnd: string;
	count: number;
	baselinePerWindow: number;
	threshold: number;
	/** Start of the first window of the run of windows above their threshold. */
	spikeStart: string;
	/** The mentions of the current window, most engaged first. */
	mentions: HistoryRow[];
}
