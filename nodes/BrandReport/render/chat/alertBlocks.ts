import { escapeMarkdown } from '../escape';
import type { LocalTime } from '../localTime';
import type { Spike } from '../spike';
import { alertListTitle, usualText, windowText } from '../spike';
import type { ReportStrings } from '../strings';
import { answerLine } from './mentionLine';
import type { ChatReport } from './reportBlocks';

/** The alert in chat: the figures, then one block per post so trimming keeps the most engaged. */
export function alertChat(
	strings: ReportStrings,
	local: LocalTime,
	spike: Spike,
	subject: string,
): ChatReport {
	const label = strings.label[spike.label];
	const figures = `**${spike.count}** ${escapeMarkdown(strings.alertCount(label))} · ${strings.alertUsual} ${usualText(spike)} · ${strings.alertThreshold} ${spike.threshold}\n${strings.alertWindow}: ${windowText(spike, local)}`;
	return {
		title: strings.alertHeading(spike.brand),
		blocks: [
			escapeMarkdown(subject),
			`${figures}\n\n**${alertListTitle(strings, spike)}**`,
			...spike.mentions.map((mention, n) => answerLine(strings, local, mention, n + 1)),
		],
	};
}
