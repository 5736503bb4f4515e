import { LABEL_COLOURS } from '../colours';
import { escapeHtml } from '../escape';
import type { LocalTime } from '../localTime';
import { momentText } from '../localTime';
import type { StoredMention } from '../mention';
import { appTarget, postedAt, shortened } from '../mention';
import type { Figures } from '../reach';
import { reachParts } from '../reach';
import type { Story } from '../stories';
import { storyPlaces } from '../stories';
import type { Label, ReportStrings } from '../strings';
import { LABELS, placeName, platformName } from '../strings';
import type { LabelCounts } from '../tally';

/** The table layout mail clients render: inline styles, bgcolor on coloured cells, no scripts. */
export const FONT = 'font-family:Helvetica,Arial,sans-serif;';
export const MUTED = '#5b6573';
export const INK = '#1f2933';
const TABLE = 'role="presentation" cellpadding="0" cellspacing="0"';

export interface BarPart {
	value: number;
	colour: string;
}

export function bar(parts: BarPart[], widthPercent = 100): string {
	const sum = parts.reduce((n, part) => n + part.value, 0);
	if (sum === 0)
		return `<table ${TABLE} width="${widthPercent}%"><tr><td height="12" bgcolor="#eef1f4" style="height:12px;background:#eef1f4;font-size:1px;line-height:1px;">&nbsp;</td></tr></table>`;
	const cells = parts
		.filter((part) => part.value > 0)
		.map(
			(part) =>
				`<td width="${((part.value / sum) * 100).toFixed(1)}%" height="12" bgcolor="${part.colour}" style="height:12px;background:${part.colour};font-size:1px;line-height:1px;">&nbsp;</td>`,
		);
	return `<table ${TABLE} width="${Math.max(2, widthPercent).toFixed(1)}%" style="border-collapse:collapse;"><tr>${cells.join('')}</tr></table>`;
}

export const sentimentParts = (counts: LabelCounts): BarPart[] =>
	LABELS.map((label) => ({ value: counts[label], colour: LABEL_COLOURS[label] }));

export const heading = (text: string) =>
	`<tr><td style="${FONT}padding:26px 28px 8px;font-size:13px;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:${MUTED};">${escapeHtml(text)}</td></tr>`;

export const block = (inner: string) => `<tr><td style="padding:0 28px;">${inner}</td></tr>`;

export const table = (rows: string, style = '') =>
	`<table ${TABLE} width="100%"${style ? ` style="${style}"` : ''}>${rows}</table>`;

export const link = (mention: StoredMention, text: string) =>
	mention.url
		? `<a href="${escapeHtml(mention.url)}" style="color:#1d5fbf;text-decoration:none;">${escapeHtml(text)}</a>`
		: escapeHtml(text);

export const dot = (label: Label) =>
	`<span style="display:inline-block;width:9px;height:9px;border-radius:5px;background:${LABEL_COLOURS[label]};"></span>`;

export function engagementLine(strings: ReportStrings, figures: Figures): string {
	return reachParts(strings, figures).join(' &middot; ');
}

/** "Notes · 11-25 13:05 (UTC+8) · author · 12 likes", under a mention's title (the time when `local` is given). */
export function mentionMeta(
	strings: ReportStrings,
	mention: StoredMention,
	withBrand = false,
	local?: LocalTime,
): string {
	const engagement = engagementLine(strings, mention);
	return [
		withBrand ? `<b>${escapeHtml(mention.brand)}</b>` : '',
		escapeHtml(placeName(strings, mention)),
		local ? escapeHtml(momentText(local, postedAt(mention))) : '',
		mention.author ? escapeHtml(mention.author) : '',
		engagement,
	]
		.filter(Boolean)
		.join(' &middot; ');
}

/**
 * "Notes ×2 · Articles · Videos": each platform of a story once, linked to its post where that is
 * not the title's; with `appTargets`, where to open a platform without web link in the app.
 */
export function storyPlacesHtml(strings: ReportStrings, story: Story, appTargets = false): string {
	return storyPlaces(story)
		.map(({ platform, count, mention, isLead }) => {
			const name = `${platformName(strings, platform)}${count > 1 ? ` ×${count}` : ''}`;
			if (isLead) return escapeHtml(name);
			if (mention.url)
				return `<a href="${escapeHtml(mention.url)}" style="color:#1d5fbf;text-decoration:none;">${escapeHtml(name)}</a>`;
			return appTargets
				? `${escapeHtml(name)} (${escapeHtml(strings.openInApp(appTarget(mention)))})`
				: escapeHtml(name);
		})
		.join(' &middot; ');
}

/** A story's meta line: a story of one mention reads as that mention's; else its platforms and summed figures. */
export function storyMeta(
	strings: ReportStrings,
	story: Story,
	withBrand = false,
	local?: LocalTime,
	appTargets = false,
): string {
	const { lead } = story;
	if (story.mentions.length === 1) return mentionMeta(strings, lead, withBrand, local);
	return [
		withBrand ? `<b>${escapeHtml(lead.brand)}</b>` : '',
		storyPlacesHtml(strings, story, appTargets),
		local ? escapeHtml(momentText(local, postedAt(lead))) : '',
		engagementLine(strings, story.reach),
	]
		.filter(Boolean)
		.join(' &middot; ');
}

/** Where to answer: the post's link (for a comment, of the post it is under), else where to open it in the app. */
function replyLink(strings: ReportStrings, mention: StoredMention): string {
	return mention.url
		? `<a href="${escapeHtml(mention.url)}" style="color:#1d5fbf;font-weight:bold;text-decoration:none;">${escapeHtml(strings.openAndReply)}</a>`
		: `<span style="color:${MUTED};word-break:break-all;">${escapeHtml(strings.noWebLink(platformName(strings, mention.platform), appTarget(mention)))}</span>`;
}

/** A red-edged card of a negative mention: its first line, the meta line, the reason, where to answer. */
function negativeCard(
	strings: ReportStrings,
	mention: StoredMention,
	first: string,
	meta: string,
): string {
	return `<tr><td style="padding:0 0 10px;">${table(
		`<tr><td style="${FONT}padding:10px 14px;">
${first}
<div style="font-size:12px;color:${MUTED};padding-top:3px;">${meta}</div>
${mention.reason ? `<div style="font-size:13px;color:#7a2721;padding-top:5px;">${escapeHtml(mention.reason)}</div>` : ''}
<div style="font-size:13px;padding-top:6px;">${replyLink(strings, mention)}</div>
</td></tr>`,
		`border-left:4px solid ${LABEL_COLOURS.negative};background:#fdf3f2;`,
	)}</td></tr>`;
}

/** The negative mention card of "Answer first" (report and alert), with the post's local time. */
export function answerCard(
	strings: ReportStrings,
	local: LocalTime,
	mention: StoredMention,
	position: number,
	withBrand: boolean,
): string {
	const title = `<div style="font-size:15px;font-weight:bold;color:${INK};">${position}. ${link(mention, mention.title)}</div>`;
	return negativeCard(strings, mention, title, mentionMeta(strings, mention, withBrand, local));
}

/** "Answer first" of the report: a story's card, its platforms linked, where it has several. */
export function answerStoryCard(
	strings: ReportStrings,
	local: LocalTime,
	story: Story,
	position: number,
	withBrand: boolean,
): string {
	const { lead } = story;
	const title = `<div style="font-size:15px;font-weight:bold;color:${INK};">${position}. ${link(lead, lead.title)}</div>`;
	return negativeCard(strings, lead, title, storyMeta(strings, story, withBrand, local, true));
}

/** Characters of a comment's text a "Comments to answer first" card shows. */
const COMMENT_CHARACTERS = 160;

/** The card of a negative comment: its text (shortened) in quotes, then who wrote it, where and when. */
export function commentCard(
	strings: ReportStrings,
	local: LocalTime,
	comment: StoredMention,
	position: number,
): string {
	const quote = shortened(comment.text || comment.title, COMMENT_CHARACTERS);
	const first = `<div style="font-size:14px;color:${INK};">${position}. &ldquo;${escapeHtml(quote)}&rdquo;</div>`;
	return negativeCard(strings, comment, first, mentionMeta(strings, comment, false, local));
}

/** The page around the card: 640 px wide, centred, grey around. */
export function emailPage(title: string, accent: string, header: string, rows: string[]): string {
	return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#eef1f4;">
<table ${TABLE} width="100%" bgcolor="#eef1f4" style="background:#eef1f4;"><tr><td align="center" style="padding:24px 8px;">
<table ${TABLE} width="640" bgcolor="#ffffff" style="width:640px;max-width:100%;background:#ffffff;border-radius:8px;">
<tr><td bgcolor="${accent}" style="${FONT}background:${accent};padding:20px 28px;border-radius:8px 8px 0 0;">${header}</td></tr>
<tr><td style="height:18px;line-height:18px;font-size:1px;">&nbsp;</td></tr>
${rows.filter(Boolean).join('\n')}
</table></td></tr></table></body></html>`;
}

export function headerBlock(kicker: string, title: string, line: string): string {
	return `<div style="font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#a3adb8;">${escapeHtml(kicker)}</div><div style="font-size:24px;font-weight:bold;color:#ffffff;padding-top:4px;">${escapeHtml(title)}</div><div style="font-size:15px;color:#dde3ea;padding-top:6px;">${escapeHtml(line)}</div>`;
}

export const footer = (text: string) =>
	`<tr><td style="${FONT}padding:26px 28px 22px;font-size:11px;color:#8792a2;">${escapeHtml(text)}</td></tr>`;

export function headline(
	value: string | number,
	label: string,
	colour: string,
	width: string,
): string {
	return `<td width="${width}" align="center" style="${FONT}padding:14px 4px;border-right:1px solid #eef1f4;"><div style="font-size:30px;font-weight:bold;color:${colour};line-height:34px;">${escapeHtml(value)}</div><div style="font-size:12px;color:${MUTED};">${escapeHtml(label)}</div></td>`;
}

export const headlineRow = (cells: string[], note = '') =>
	`<tr><td style="padding:0 20px;">${table(`<tr>\n${cells.join('\n')}\n</tr>`, 'border:1px solid #e3e7ec;border-radius:6px;')}${note}</td></tr>`;
