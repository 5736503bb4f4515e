import type { DeduplicationHelperFunctions, ICheckProcessedOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** Credits reserved per minute (minutes since the epoch as keys), for one credential. */
export type MinuteSpend = Record<string, number>;

/** Where a Credit Ceiling counts the spend of its calls. */
export interface SpendLedger {
	/** Where the spend is shared, as the refusal message says it ("in this workflow"). */
	readonly where: string;
	/** The spend per minute as this execution last saw it (no I/O): for checks that reserve nothing. */
	seen(now: number): MinuteSpend;
	/**
	 * Reserves `credits` in the current minute once `admit` accepted the spend so far (it throws to
	 * refuse); nobody else changes the ledger between the two.
	 */
	reserve(now: number, credits: number, admit: (minutes: MinuteSpend) => void): Promise<void>;
}

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;

/** Milli-credits: the ledger stores integers. */
const MILLI = 1000;
/** Bits of one minute's spend in milli-credits (up to 4 294 967 credits a minute). */
const SPEND_BITS = 32;
/** Minutes read back at every reservation: the day, and an hour more so minutes that left it are removed. */
const READ_MINUTES = DAY_MINUTES + 60;
/** A holder of the lock needs milliseconds; one that kept it this long died holding it. */
const LOCK_LEASE_MS = 30_000;
const RETRY_MS = 25;

const LOCK: ICheckProcessedOptions = { mode: 'latestIncrementalKey' };
const ENTRIES: ICheckProcessedOptions = { mode: 'entries' };
const LOCK_VALUE = '0';

const isKeyConflict = (error: unknown) =>
	/duplicate key|unique constraint/i.test(String((error as { message?: unknown })?.message));

/** The error of n8n's deduplication store where n8n did not start it (an engine without n8n's database). */
export const isStoreMissing = (error: unknown) =>
	/needs to initialized before use/.test(String((error as { message?: unknown })?.message));

const minuteToken = (scope: string, minute: number) => `${scope}|${minute}`;
const bitToken = (scope: string, minute: number, bit: number) => `${scope}|${minute}|${bit}`;

function bitsOf(milli: number): number[] {
	const bits: number[] = [];
	for (let bit = 0; bit < SPEND_BITS; bit++)
		if (Math.floor(milli / 2 ** bit) % 2 === 1) bits.push(bit);
	return bits;
}

/**
 * The spend ledger of one Social Data node in n8n's database, through the deduplication store every
 * node reaches with `this.helpers` (n8n 2.41 opens Data Tables to its own Data Table nodes only).
 * The store keeps one row per workflow and one per node, each read and rewritten whole, so two
 * workers writing at once would lose one's update; only creating a row is atomic (its primary key).
 * Hence a lock: the workflow's row, which exists only while an execution holds it, guards the node's
 * row. The node's row holds a set of hashed tokens, so the spend is stored as tokens that can be
 * asked for: "credential|minute" for each minute with spend, "credential|minute|bit" for each bit
 * of that minute's spend in milli-credits. Every worker of the instance reads and writes the same
 * rows, so the ceiling holds for the whole instance.
 */
export class SharedSpendLedger implements SpendLedger {
	readonly where = 'in this node';
	private lastSeen: MinuteSpend = {};

	constructor(
		private readonly store: DeduplicationHelperFunctions,
		/** The credential the calls are made with (its id). */
		private readonly scope: string,
	) {}

	seen(): MinuteSpend {
		return this.lastSeen;
	}

	async reserve(now: number, credits: number, admit: (minutes: MinuteSpend) => void) {
		await this.lock();
		try {
			await this.reserveLocked(now, credits, admit);
		} finally {
			await this.store.clearAllProcessedItems('workflow', LOCK);
		}
	}

	/** Takes the workflow's lock row: creating it succeeds for one execution only. */
	private async lock(): Promise<void> {
		const started = Date.now();
		let broken = false;
		for (;;) {
			const taken = await this.store
				.checkProcessedAndRecord([LOCK_VALUE], 'workflow', LOCK)
				.catch(async (error: unknown) =>
					// Another execution created the row at the same moment: the primary key refused the second.
					isKeyConflict(error) ? undefined : await Promise.reject(error),
				);
			if (taken && taken.new.length > 0) return;
			const waited = Date.now() - started;
			if (waited > 2 * LOCK_LEASE_MS)
				throw new Error(
					'The Credit Ceiling could not reserve its call: the spend ledger stayed locked for a minute. Nothing was sent.',
				);
			if (waited > LOCK_LEASE_MS && !broken) {
				// Held far longer than a reservation takes: its holder died holding it. Freed once.
				await this.store.clearAllProcessedItems('workflow', LOCK);
				broken = true;
			}
			await sleep(RETRY_MS + Math.random() * RETRY_MS);
		}
	}

	private async reserveLocked(now: number, credits: number, admit: (minutes: MinuteSpend) => void) {
		const current = Math.floor(now / MINUTE_MS);
		const oldestKept = current - DAY_MINUTES + 1;
		// Asking for a token records it: everything asked for is removed again unless it is spend.
		const asked = new Set<string>();
		const ask = async (tokens: string[]) => {
			for (const token of tokens) asked.add(token);
			const answer = await this.store.checkProcessedAndRecord(tokens, 'node', ENTRIES);
			return new Set(answer.processed.map(String));
		};
		const candidates = Array.from({ length: READ_MINUTES }, (_, index) => current - index);
		const present = await ask(candidates.map((minute) => minuteToken(this.scope, minute)));
		const active = candidates.filter((minute) => present.has(minuteToken(this.scope, minute)));
		const bitTokens = active.flatMap((minute) =>
			Array.from({ length: SPEND_BITS }, (_, bit) => bitToken(this.scope, minute, bit)),
		);
		const setBits = bitTokens.length > 0 ? await ask(bitTokens) : new Set<string>();
		const milli: Record<number, number> = {};
		for (const minute of active) {
			let spend = 0;
			for (let bit = 0; bit < SPEND_BITS; bit++)
				if (setBits.has(bitToken(this.scope, minute, bit))) spend += 2 ** bit;
			if (minute >= oldestKept) milli[minute] = spend;
		}
		const minutes = (): MinuteSpend =>
			Object.fromEntries(Object.entries(milli).map(([minute, spend]) => [minute, spend / MILLI]));
		this.lastSeen = minutes();
		let admitted = false;
		try {
			admit(this.lastSeen);
			admitted = true;
		} finally {
			if (admitted) milli[current] = (milli[current] ?? 0) + Math.round(credits * MILLI);
			await this.writeSpend(milli, asked);
		}
		this.lastSeen = minutes();
	}

	/** Leaves exactly the spend of `milli` in the node's row: adds what is missing, removes what was only asked for. */
	private async writeSpend(milli: Record<number, number>, asked: Set<string>): Promise<void> {
		const wanted = new Set<string>();
		for (const [minute, spend] of Object.entries(milli)) {
			if (spend <= 0) continue;
			wanted.add(minuteToken(this.scope, Number(minute)));
			for (const bit of bitsOf(spend)) wanted.add(bitToken(this.scope, Number(minute), bit));
		}
		const missing = [...wanted].filter((token) => !asked.has(token));
		const extra = [...asked].filter((token) => !wanted.has(token));
		if (missing.length > 0) await this.store.checkProcessedAndRecord(missing, 'node', ENTRIES);
		if (extra.length > 0) await this.store.removeProcessed(extra, 'node', ENTRIES);
	}
}
