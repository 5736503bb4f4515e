/** The platforms a mention comes from: Douyin, notes, official-account articles, channel videos, accounts, the web. */
export const PLATFORMS = ['douyin', 'notes', 'articles', 'channels', 'accounts', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** What a mention is: a post, or a comment under a post (read from a comment list). */
export const MENTION_KINDS = ['post', 'comment'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

/**
 * One post about something, in one shape whatever its platform: what Social Data outputs (Output
 * Normalised Mentions, the trigger) and what Brand Report reads back from the stored history.
 */
export interface Mention {
	platform: Platform;
	kind: MentionKind;
	/** The post's id; a comment's own id (its post is `postId`). */
	id: string;
	/** The post's public web link (for a comment: the link of the post it is under); null where the platform has none. */
	url: string | null;
	/** A comment's post: the id of the post it is under; null for a post. */
	postId: string | null;
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
