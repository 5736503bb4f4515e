import { formatNumber } from './escape';
import type { StoredMention } from './mention';
import type { ReportStrings } from './strings';

export type Figures = Pick<StoredMention, 'likes' | 'comments' | 'shares' | 'reads'> & {
	kind?: string;
};

/** "12 likes", "3 comments", …: the figures a mention (or a story, summed) has, each with its word. */
export function reachParts(strings: ReportStrings, figures: Figures): string[] {
	return (
		[
			[figures.likes, strings.likes],
			[figures.comments, figures.kind === 'comment' ? strings.replies : strings.comments],
			[figures.shares, strings.shares],
			[figures.reads, strings.reads],
		] as Array<[number | null, string]>
	)
		.filter(([value]) => value !== null)
		.map(([value, word]) => `${formatNumber(value)} ${word}`);
}
