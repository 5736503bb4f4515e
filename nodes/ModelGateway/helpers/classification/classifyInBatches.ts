import { mapWithConcurrency } from '../../../shared/concurrency';
import type { Verdict } from './batchAnswer';
import { readBatchAnswer } from './batchAnswer';
import type { BatchEntry } from './batchRequest';

/** Sends one batch to the model and gives back the text of its answer. */
export type AskModel = (entries: BatchEntry[]) => Promise<string>;

/** Why an item has no label: the last problem the model's answers about it had. */
export interface Unsettled {
	reason: string;
}

export interface ClassificationRun {
	verdicts: Map<string, Verdict | Unsettled>;
	/** Model calls made (first attempts, retries and the calls of split batches). */
	calls: number;
	/** The first model call that failed (an HTTP error, a timeout): its batch's unsettled items say so. */
	failure?: unknown;
}

export interface BatchSettings {
	batchSize: number;
	/** Batches in flight at once. */
	concurrency: number;
	/** Start no further batch once a call failed. */
	stopOnFailure: boolean;
	ask: AskModel;
}

export const isVerdict = (value: Verdict | Unsettled): value is Verdict => 'label' in value;

const isSettled = (value: Verdict | Unsettled | undefined) =>
	value !== undefined && isVerdict(value);

/**
 * Classifies entries in batches of at most `batchSize`, `concurrency` batches at once. A batch whose
 * answer leaves items unsettled (not JSON, an id missing or given twice, a label not allowed) is
 * asked again once about those items; what is still unsettled is split in two halves, each asked
 * once and split again while it fails, down to single items. An item that fails on its own is
 * unsettled, with the reason: nothing is dropped. Items the answers settled are kept from every
 * attempt, so a retry only sends what is left.
 */
export async function classifyInBatches(
	entries: BatchEntry[],
	labels: string[],
	options: BatchSettings,
): Promise<ClassificationRun> {
	const verdicts = new Map<string, Verdict | Unsettled>();
	let calls = 0;
	let failure: unknown;

	/** Asks about `group` once and returns the entries still unsettled. */
	const attempt = async (group: BatchEntry[]): Promise<BatchEntry[]> => {
		calls++;
		const text = await options.ask(group);
		const reading = readBatchAnswer(
			text,
			group.map((entry) => entry.id),
			labels,
		);
		for (const [id, verdict] of reading.verdicts) verdicts.set(id, verdict);
		const left = group.filter((entry) => !reading.verdicts.has(entry.id));
		const reason = `The model's answer was malformed: ${reading.problems.join('; ')}`;
		for (const entry of left) verdicts.set(entry.id, { reason });
		return left;
	};

	const splitUntilSettled = async (group: BatchEntry[]): Promise<void> => {
		if (group.length < 2) return;
		const middle = Math.ceil(group.length / 2);
		for (const half of [group.slice(0, middle), group.slice(middle)]) {
			const left = await attempt(half);
			await splitUntilSettled(left);
		}
	};

	const batches: BatchEntry[][] = [];
	for (let start = 0; start < entries.length; start += options.batchSize)
		batches.push(entries.slice(start, start + options.batchSize));

	const classifyBatch = async (batch: BatchEntry[]) => {
		const afterFirst = await attempt(batch);
		if (afterFirst.length === 0) return;
		const afterRetry = await attempt(afterFirst);
		await splitUntilSettled(afterRetry);
	};

	await mapWithConcurrency(
		batches.length,
		options.concurrency,
		async (index) => {
			const batch = batches[index];
			try {
				await classifyBatch(batch);
			} catch (error) {
				failure ??= error;
				const reason = `The model call failed: ${error instanceof Error ? error.message : String(error)}`;
				for (const entry of batch)
					if (!isSettled(verdicts.get(entry.id))) verdicts.set(entry.id, { reason });
			}
		},
		() => options.stopOnFailure && failure !== undefined,
	);
	return { verdicts, calls, failure };
}
