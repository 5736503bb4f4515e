/**
 * What an AI agent reads about the Social Data tool (n8n's `usableAsTool` replacements): the
 * "Tool Description" a user gets when they set it manually, and the tool's description in the panel.
 * Written for a language model: which operation answers which question, and the inputs that matter.
 */
export const socialDataToolDescription = [
	'Reads public social media data: short videos, notes (posts with pictures or video), channel videos and lives, articles, and search.',
	'To learn what people say about a brand, product or topic: Search (WeChat Search) > Search (set Business Type to article, video or account; Publish Time to day or week) or Notes (Xiaohongshu) > Search Notes; send the brand name as keyword (1-100 characters).',
	'To read one post: the Get operation of its platform with the post id. To read the comments under a post: Get Note Comments, Get Video Comments or Get Article Comments with the post id.',
	'To learn about an author: Get User Info or Get Channel Info with the user id.',
	'Ids are strings: copy them exactly as an earlier result gave them, in quotes; a 64-bit id sent as a number loses digits and is refused.',
	'Each result is one record; with the Mentions option on, a short record per post: platform, id, url, title, author, publishedAt and counts.',
].join(' ');
