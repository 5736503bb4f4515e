import { escapeMarkdown } from '../escape';
import type { ReportModel } from '../reportModel';
import { brandTitle, periodText, recoveredLines, verdict } from '../reportModel';
import { platformName } from '../strings';
import type { LabelCounts } from '../tally';
import { percent } from '../tally';
import { commentLine, storyAnswerLine, storyLine } from './mentionLine';

const ANSWER_PER_BRAND = 5;
const TOP = 3;

/** The chat version of the report: a title, then blocks in order of importance, each on its own. */
export interface ChatReport {
	title: string;
	blocks: string[];
}

function labelLine(model: ReportModel, counts: LabelCounts): string {
	const { label } = model.strings;
	const parts = [
		`${counts.positive} ${label.positive}`,
		`${counts.neutral} ${label.neutral}`,
		`${counts.negative} ${label.negative}`,
	];
	if (counts.unclassified) parts.push(`${counts.unclassified} ${label.unclassified}`);
	return parts.join(' · ');
}

function countsBlock(model: ReportModel): string {
	const { brands, totals } = model;
	if (brands.length < 2) return `${totals.total}: ${labelLine(model, totals)}`;
	return brands
		.map(
			(brand) =>
				`**${escapeMarkdown(brand.name)}** ${brand.counts.total} (${percent(brand.counts.total, totals.total)}%): ${labelLine(model, brand.counts)}`,
		)
		.join('\n');
}

function answerBlocks(model: ReportModel): string[] {
	const { strings, brands } = model;
	return brands
		.filter((brand) => brand.negatives.length)
		.map((brand) => {
			const name = brands.length > 1 ? ` — ${escapeMarkdown(brand.name)}` : '';
			const shown = brand.negativeStories.slice(0, ANSWER_PER_BRAND);
			const lines = shown.map((story, n) =>
				storyAnswerLine(strings, model.settings.local, story, n + 1),
			);
			const more =
				brand.negatives.length - shown.reduce((n, story) => n + story.mentions.length, 0);
			if (more > 0) lines.push(strings.moreNegatives(more));
			return `**${strings.answerFirst(brand.negatives.length)}${name}**\n${lines.join('\n')}`;
		});
}

function commentBlocks(model: ReportModel): string[] {
	const { strings, brands } = model;
	return brands
		.filter((brand) => brand.comments.length)
		.map((brand) => {
			const name = brands.length > 1 ? ` — ${escapeMarkdown(brand.name)}` : '';
			const lines = brand.comments
				.slice(0, ANSWER_PER_BRAND)
				.map((comment, n) => commentLine(strings, model.settings.local, comment, n + 1));
			const more = brand.comments.length - ANSWER_PER_BRAND;
			if (more > 0) lines.push(strings.moreComments(more));
			return `**${strings.commentsToAnswer(brand.comments.length)}${name}**\n${lines.join('\n')}`;
		});
}

function platformBlock(model: ReportModel): string {
	const { strings, byPlatform, failedPlatforms } = model;
	const lines = Object.entries(byPlatform).map(([platform, counts]) =>
		failedPlatforms.has(platform)
			? `${platformName(strings, platform)}: ${strings.sourceFailed}`
			: `${platformName(strings, platform)}: ${counts.total} (${counts.negative} ${strings.neg})`,
	);
	return `**${strings.byPlatform}**\n${lines.join('\n')}`;
}

function trendBlock(model: ReportModel): string {
	const { strings, trend } = model;
	const days = trend
		.map(
			(day) =>
				`${day.counts.total}${day.counts.negative ? ` (${day.counts.negative} ${strings.neg})` : ''}`,
		)
		.join(' → ');
	return `**${strings.trend(trend.length)}** ${days}`;
}

function costBlock(model: ReportModel): string {
	const { strings, settings } = model;
	const cost = settings.cost!;
	const parts = [
		cost.credits !== null ? strings.credits(cost.credits) : '',
		cost.modelCalls !== null ? strings.modelCalls(cost.modelCalls) : '',
	].filter(Boolean);
	return `**${strings.cost}:** ${parts.join(' · ')}`;
}

/** The report as chat Markdown blocks, most important first, so trimming drops the least. */
export function reportChat(model: ReportModel): ChatReport {
	const { strings, settings, top } = model;
	const blocks: string[] = [escapeMarkdown(verdict(model))];
	if (model.show('headlines') || model.show('shareOfVoice')) blocks.push(countsBlock(model));
	if (model.show('summary') && settings.summary)
		blocks.push(`> ${escapeMarkdown(settings.summary)}`);
	if (model.show('answerFirst')) blocks.push(...answerBlocks(model));
	if (model.show('commentsToAnswer')) blocks.push(...commentBlocks(model));
	if (model.show('failedSources') && settings.failures.length)
		blocks.push(
			`**${strings.failedSources}:** ${settings.failures
				.map(
					(failure) =>
						`${platformName(strings, failure.source)}${failure.status !== null ? ` (HTTP ${escapeMarkdown(failure.status)})` : ''}: ${escapeMarkdown(failure.error)}`,
				)
				.join('; ')}`,
		);
	if (model.show('failedSources') && settings.recovered.length)
		blocks.push(
			`**${strings.recoveredSources}:** ${recoveredLines(model).map(escapeMarkdown).join('; ')}`,
		);
	if (model.show('platforms') && Object.keys(model.byPlatform).length)
		blocks.push(platformBlock(model));
	if (model.show('mostEngaged') && top.length)
		blocks.push(
			`**${strings.mostEngaged}**\n${top
				.slice(0, TOP)
				.map((story, n) => storyLine(strings, story, n + 1))
				.join('\n')}`,
		);
	if (model.show('trend')) blocks.push(trendBlock(model));
	if (model.show('cost') && settings.cost) blocks.push(costBlock(model));
	return { title: `${brandTitle(model)} — ${strings.reportTitle}, ${periodText(model)}`, blocks };
}

/** The whole chat report as one Markdown text (Slack, Teams, Mattermost incoming webhooks). */
export function chatMarkdown(chat: ChatReport): string {
	return [`**${escapeMarkdown(chat.title)}**`, ...chat.blocks].join('\n\n');
}
