import { escapeMarkdown, markdownUrl } from '../escape';
import type { LocalTime } from '../localTime';
import { momentText } from '../localTime';
import type { StoredMention } from '../mention';
import { appTarget, postedAt, shortened } from '../mention';
import { reachParts } from '../reach';
import type { Story } from '../stories';
import { storyPlaces } from '../stories';
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

/**
 * "Notes ×2 · [Articles](url) · Videos": each platform of a story once, linked to its post where
 * that is not the title's; with `appTargets`, where to open a platform without web link in the app.
 */
export function storyPlacesMarkdown(strings: ReportStrings, story: Story, appTargets = false) {
	return storyPlaces(story)
		.map(({ platform, count, mention, isLead }) => {
			const name = `${platformName(strings, platform)}${count > 1 ? ` ×${count}` : ''}`;
			if (isLead) return name;
			if (mention.url) return `[${name}](${markdownUrl(mention.url)})`;
			return appTargets
				? `${name} (${escapeMarkdown(strings.openInApp(appTarget(mention)))})`
				: name;
		})
		.join(' · ');
}

/** A line of the report's "Answer first": a story of one mention as `answerLine`, else with its platforms. */
export function storyAnswerLine(
	strings: ReportStrings,
	local: LocalTime,
	story: Story,
	position: number,
): string {
	const { lead } = story;
	if (story.mentions.length === 1) return answerLine(strings, local, lead, position);
	const reason = lead.reason ? ` — ${escapeMarkdown(lead.reason)}` : '';
	return `${position}. ${mentionLink(strings, lead)} (${storyPlacesMarkdown(strings, story, true)}, ${momentText(local, postedAt(lead))})${reason}`;
}

/** "1. [title](url) — Notes · [Articles](url): 1,520 likes · 80 comments", a line of "Most engaged". */
export function storyLine(strings: ReportStrings, story: Story, position: number): string {
	const figures = reachParts(strings, story.mentions.length === 1 ? story.lead : story.reach);
	const where =
		story.mentions.length === 1
			? placeName(strings, story.lead)
			: storyPlacesMarkdown(strings, story);
	return `${position}. ${mentionLink(strings, story.lead)} — ${where}${figures.length ? `: ${figures.join(' · ')}` : ''}`;
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
