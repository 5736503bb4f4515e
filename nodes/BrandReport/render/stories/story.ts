import type { StoredMention } from '../mention';
import { byEngagement, engagement } from '../mention';

/** Summed figures of a story: null where none of its mentions has one. */
export interface Reach {
	likes: number | null;
	comments: number | null;
	shares: number | null;
	reads: number | null;
}

/** Mentions of one brand that are one story (a single mention is a story of its own). */
export interface Story {
	brand: string;
	/** Most engaged first. */
	mentions: StoredMention[];
	/** Whose title, link, label and time the report shows: the most engaged with a web link, else the most engaged. */
	lead: StoredMention;
	/** Each platform once, in the order of its most engaged mention. */
	platforms: string[];
	reach: Reach;
	/** The sum of its mentions' engagement: what "Most engaged" and "Answer first" rank by. */
	engagement: number;
}

const sum = (mentions: StoredMention[], field: keyof Reach): number | null =>
	mentions.some((mention) => mention[field] !== null)
		? mentions.reduce((total, mention) => total + (mention[field] ?? 0), 0)
		: null;

/** The story of some mentions of one brand. */
export function storyOf(mentions: StoredMention[]): Story {
	const sorted = [...mentions].sort(byEngagement);
	return {
		brand: sorted[0].brand,
		mentions: sorted,
		lead: sorted.find((mention) => mention.url !== null) ?? sorted[0],
		platforms: [...new Set(sorted.map((mention) => mention.platform))],
		reach: {
			likes: sum(sorted, 'likes'),
			comments: sum(sorted, 'comments'),
			shares: sum(sorted, 'shares'),
			reads: sum(sorted, 'reads'),
		},
		engagement: sorted.reduce((total, mention) => total + engagement(mention), 0),
	};
}

/** Most engaged first (a stable sort: equal stories keep their order). */
export const byStoryEngagement = (a: Story, b: Story) => b.engagement - a.engagement;
