/** The platforms a mention comes from: notes, official-account articles, channel videos, accounts, the web. */
export const PLATFORMS = ['notes', 'articles', 'channels', 'accounts', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * One post about something, in one shape whatever its platform: what Social Data outputs (Output
 * Normalised Mentions, the trigger) and what Brand Report reads back from the stored history.
 */
export interface Mention {
	platform: Platform;
	id: string;
	/** The post's public web link; null where the platform has none. */
	url: string | null;
	title: string;
	text: string;
	author: string | null;
	publishedAt: string | null;
	likes: number | null;
	comments: number | null;
	shares: number | null;
	reads: number | null;
	/** Where the platform has no public web link: the id to find the post with in its app (`url` is then null). */
	openInApp: string | null;
}
