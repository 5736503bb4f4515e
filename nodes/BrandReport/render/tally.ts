import type { StoredMention } from './mention';
import type { Label } from './strings';

export type LabelCounts = Record<Label, number> & { total: number };

export function emptyCounts(): LabelCounts {
	return { total: 0, positive: 0, neutral: 0, negative: 0, unclassified: 0 };
}

export function countLabels(mentions: StoredMention[]): LabelCounts {
	const counts = emptyCounts();
	for (const mention of mentions) {
		counts[mention.label] += 1;
		counts.total += 1;
	}
	return counts;
}

/** Counts per key, keys in the order given first, then in order of appearance. */
export function countBy(
	mentions: StoredMention[],
	keyOf: (mention: StoredMention) => string,
	order: string[] = [],
): Record<string, LabelCounts> {
	const counts: Record<string, LabelCounts> = {};
	for (const key of order) counts[key] = emptyCounts();
	for (const mention of mentions) {
		const counted = (counts[keyOf(mention)] ??= emptyCounts());
		counted[mention.label] += 1;
		counted.total += 1;
	}
	return counts;
}

/** Share of `part` in `whole` as a whole percent (0 when there is nothing). */
export function percent(part: number, whole: number): number {
	return whole === 0 ? 0 : Math.round((part / whole) * 100);
}
