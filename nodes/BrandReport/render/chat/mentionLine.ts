import { escapeMarkdown, markdownUrl } from '../escape';
import type { LocalTime } from '../localTime';
import { momentText } from '../localTime';
import type { StoredMention } from '../mention';
import { postedAt } from '../mention';
import type { ReportStrings } from '../strings';
import { platformName } from '../strings';

/** A mention in chat: a link to the post, or where to open it in the app. */
export function mentionLink(strings: ReportStrings, mention: StoredMention): string {
	const title = escapeMarkdown(mention.title);
	return mention.url
		? `[${title}](${markdownUrl(mention.url)})`
		: `${title} (${escapeMarkdown(strings.openInApp(mention.openInApp ?? mention.id))})`;
}

/** "1. [title](url) (Notes, 11-25 13:05 (UTC+8)) — reason", a line of "Answer first". */
export function answerLine(
	strings: ReportStrings,
	local: LocalTime,
	mention: StoredMention,
	position: number,
): string {
	const reason = mention.reason ? ` — ${escapeMarkdown(mention.reason)}` : '';
	return `${position}. ${mentionLink(strings, mention)} (${platformName(strings, mention.platform)}, ${momentText(local, postedAt(mention))})${reason}`;
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
