import type { StoredMention } from '../mention';
import { linkKey } from './linkKey';
import type { Story } from './story';
import { byStoryEngagement, storyOf } from './story';
import { MIN_TITLE_WEIGHT, titleKey, titleWeight } from './titleKey';

/**
 * What makes two mentions of a brand one story: the same link, or the same title (long enough to
 * say something). A comment has none: it answers a post (its `url` is the post's), so it is a
 * story of its own.
 */
export function storyKeys(mention: StoredMention): string[] {
	if (mention.kind === 'comment') return [];
	const keys: string[] = [];
	const link = mention.url === null ? null : linkKey(mention.url);
	if (link !== null) keys.push(`link ${link}`);
	const title = titleKey(mention.title);
	if (titleWeight(title) >= MIN_TITLE_WEIGHT) keys.push(`title ${title}`);
	return keys;
}

/** Union-find over the mentions' positions: a story is everything linked by any chain of shared keys. */
function rootsOf(mentions: StoredMention[]): number[] {
	const parent = mentions.map((_, n) => n);
	const root = (n: number): number => {
		while (parent[n] !== n) n = parent[n] = parent[parent[n]];
		return n;
	};
	const firstWithKey = new Map<string, number>();
	mentions.forEach((mention, n) => {
		for (const key of storyKeys(mention)) {
			const scoped = `${mention.brand}\u0000${key}`;
			const first = firstWithKey.get(scoped);
			if (first === undefined) firstWithKey.set(scoped, n);
			else parent[Math.max(root(first), root(n))] = Math.min(root(first), root(n));
		}
	});
	return mentions.map((_, n) => root(n));
}

/**
 * The stories of the mentions, per brand (a post about two brands is a story of each), most
 * engaged first. Counts elsewhere stay counts of mentions.
 */
export function groupStories(mentions: StoredMention[]): Story[] {
	const roots = rootsOf(mentions);
	const groups = new Map<number, StoredMention[]>();
	mentions.forEach((mention, n) => {
		const group = groups.get(roots[n]);
		if (group) group.push(mention);
		else groups.set(roots[n], [mention]);
	});
	return [...groups.values()].map(storyOf).sort(byStoryEngagement);
}
