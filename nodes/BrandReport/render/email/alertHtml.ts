import { LABEL_COLOURS } from '../colours';
import { escapeHtml } from '../escape';
import type { LocalTime } from '../localTime';
import type { Spike } from '../spike';
import { alertListTitle, usualText, windowText } from '../spike';
import type { ReportStrings } from '../strings';
import {
	answerCard,
	block,
	emailPage,
	FONT,
	footer,
	headerBlock,
	heading,
	headline,
	headlineRow,
	INK,
	MUTED,
	table,
} from './parts';

const MAX_POSTS = 10;

/** The alert e-mail: the spike's figures, then the posts to answer first (links or where to open them). */
export function alertHtml(
	strings: ReportStrings,
	local: LocalTime,
	spike: Spike,
	accent: string,
	subject: string,
): string {
	const label = strings.label[spike.label];
	const cards = spike.mentions
		.slice(0, MAX_POSTS)
		.map((mention, n) => answerCard(strings, local, mention, n + 1, false))
		.join('');
	const left = spike.mentions.length - MAX_POSTS;
	const more =
		left > 0
			? `<tr><td style="${FONT}font-size:13px;color:${MUTED};">${escapeHtml(strings.moreMentions(left))}</td></tr>`
			: '';
	return emailPage(
		subject,
		accent,
		headerBlock(`${strings.alertTitle} · ${windowText(spike, local)}`, spike.brand, subject),
		[
			headlineRow([
				headline(
					spike.count,
					strings.alertCount(label),
					spike.label === 'negative' ? LABEL_COLOURS.negative : INK,
					'34%',
				),
				headline(usualText(spike), strings.alertUsual, INK, '33%'),
				headline(spike.threshold, strings.alertThreshold, INK, '33%'),
			]),
			`${heading(alertListTitle(strings, spike))}${block(table(cards + more))}`,
			footer(strings.alertFooter),
		],
	);
}
