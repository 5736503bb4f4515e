import { escapeMarkdown } from './escape';
import type { LocalTime } from './localTime';
import type { AlertSpike } from './spike';
import { usualText, windowText } from './spike';
import type { ReportStrings } from './strings';
import { answerLine } from './chat/mentionLine';
import type { ChatReport } from './chat/reportBlocks';
import { LABEL_COLOURS } from './colours';
import {
	answerCard,
	block,
	emailPage,
	footer,
	heading,
	headerBlock,
	headline,
	headlineRow,
	INK,
	table,
} from './email/parts';

/** Posts each spike of a digest shows: the digest is read at once, every alert in it. */
export const DIGEST_POSTS = 3;

/** The quiet hours a digest covers, as the team wrote them; null once they are no longer set. */
export type DigestSpan = { from: string; to: string } | null;

const introOf = (strings: ReportStrings, span: DigestSpan) =>
	span ? strings.digestIntro(span.from, span.to) : strings.digestIntroUnset;

const figures = (strings: ReportStrings, spike: AlertSpike) =>
	`**${spike.count}** ${escapeMarkdown(strings.alertCount(strings.label[spike.label]))} · ${strings.alertUsual} ${usualText(spike)} · ${strings.alertThreshold} ${spike.threshold}`;

/** The digest in chat: one block per spike (its figures, window and first posts), in order. */
export function digestChat(
	strings: ReportStrings,
	local: LocalTime,
	spikes: AlertSpike[],
	subject: string,
	span: DigestSpan,
): ChatReport {
	return {
		title: strings.digestTitle,
		blocks: [
			escapeMarkdown(subject),
			escapeMarkdown(introOf(strings, span)),
			...spikes.map((spike, n) =>
				[
					`**${n + 1}. ${escapeMarkdown(spike.brand)}** · ${figures(strings, spike)}`,
					`${strings.alertWindow}: ${windowText(spike, local)}`,
					...spike.mentions
						.slice(0, DIGEST_POSTS)
						.map((mention, m) => answerLine(strings, local, mention, m + 1)),
				].join('\n'),
			),
		],
	};
}

/** The digest e-mail: per spike its figures and window, then its first posts to answer. */
export function digestHtml(
	strings: ReportStrings,
	local: LocalTime,
	spikes: AlertSpike[],
	accent: string,
	subject: string,
	span: DigestSpan,
): string {
	const sections = spikes.map((spike, n) => {
		const label = strings.alertCount(strings.label[spike.label]);
		const cards = spike.mentions
			.slice(0, DIGEST_POSTS)
			.map((mention, m) => answerCard(strings, local, mention, m + 1, false))
			.join('');
		return [
			heading(`${n + 1}. ${spike.brand} · ${windowText(spike, local)}`),
			headlineRow([
				headline(
					spike.count,
					label,
					spike.label === 'negative' ? LABEL_COLOURS.negative : INK,
					'34%',
				),
				headline(usualText(spike), strings.alertUsual, INK, '33%'),
				headline(spike.threshold, strings.alertThreshold, INK, '33%'),
			]),
			cards ? block(table(cards)) : '',
		].join('\n');
	});
	return emailPage(
		subject,
		accent,
		headerBlock(strings.digestTitle, subject, introOf(strings, span)),
		[...sections, footer(strings.alertFooter)],
	);
}
