import { escapeMarkdown, markdownUrl } from '../escape';
import type { LocalTime } from '../localTime';
import { momentText } from '../localTime';
import type { StoredMention } from '../mention';
import { appTarget, postedAt, shortened } from '../mention';
import type { ReportStrings } from '../strings';
import { placeName, platformName } from '../strings';

/** A mention in chat: a link to the post, or where to open it in the app. */
export function mentionLink(strings: ReportStrings, mention: StoredMention): string {
	const title = escapeMarkdown(mention.title);
	return mention.url
		? `[${title}](${markdownUrl(mention.url)})`
		: `${title} (${escapeMarkdown(strings.openInApp(appTarget(mention)))})`;
}

/** "1. [title](url) (Notes, 11-25 13:05 (UTC+8)) — reason", a line of "Answer first". */
export function answerLine(
	strings: ReportStrings,
	local: LocalTime,
	mention: StoredMention,
	position: number,
): string {
	const reason = mention.reason ? ` — ${escapeMarkdown(mention.reason)}` : '';
	return `${position}. ${mentionLink(strings, mention)} (${placeName(strings, mention)}, ${momentText(local, postedAt(mention))})${reason}`;
}

/** Characters of a comment's text a chat line shows: bot messages are small. */
const COMMENT_CHARACTERS = 100;

/** "1. “text…” — author (Notes, 11-25 13:05 (UTC+8)) [open the post](url)", a line of "Comments to answer first". */
export function commentLine(
	strings: ReportStrings,
	local: LocalTime,
	comment: StoredMention,
	position: number,
): string {
	const quote = escapeMarkdown(shortened(comment.text || comment.title, COMMENT_CHARACTERS));
	const author = comment.author ? ` — ${escapeMarkdown(comment.author)}` : '';
	const where = comment.url
		? `[${strings.openPost}](${markdownUrl(comment.url)})`
		: `(${escapeMarkdown(strings.openInApp(appTarget(comment)))})`;
	return `${position}. “${quote}”${author} (${platformName(strings, comment.platform)}, ${momentText(local, postedAt(comment))}) ${where}`;
}

/** The closing line of a trimmed message: what is left out and where to read it. */
export function trimNote(
	strings: ReportStrings,
	left: string,
	fullReportUrl: string | null,
): string {
	return fullReportUrl
		? `*${left}* [${strings.seeFull}](${markdownUrl(fullReportUrl)})`
		: `*${left} ${strings.seeEmail}*`;
}
