import { brandColour } from './colours';
import type { LocalTime } from './localTime';
import { addDays, spanText } from './localTime';
import type { StoredMention } from './mention';
import type { FailedSource, RecoveredSource } from './outages';
import { byEngagement, byNewest } from './mention';
import type { Story } from './stories';
import { byStoryEngagement, groupStories, storyOf } from './stories';
import type { Language, ReportStrings } from './strings';
import { platformName, stringsFor } from './strings';
import type { LabelCounts } from './tally';
import { countBy, countLabels } from './tally';

export const SECTIONS = [
	'headlines',
	'summary',
	'answerFirst',
	'commentsToAnswer',
	'shareOfVoice',
	'platforms',
	'mostEngaged',
	'trend',
	'failedSources',
	'unclassified',
	'cost',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface Cost {
	credits: number | null;
	modelCalls: number | null;
}

/** What the user set on the node, read and checked. */
export interface ReportSettings {
	language: Language;
	brands: Array<{ name: string; colour?: string }>;
	period: { from: number; to: number };
	sections: Section[];
	accent: string;
	summary: string;
	/** Sources still failing at the period's end: their data is missing. */
	failures: FailedSource[];
	/** Sources that failed and were caught up by a later run: their data is complete. */
	recovered: RecoveredSource[];
	cost: Cost | null;
	fullReportUrl: string | null;
	trendDays: number;
	/** The team's time zone: days, times and the period are read in it. */
	local: LocalTime;
}

export interface BrandTally {
	name: string;
	colour: string;
	counts: LabelCounts;
	byPlatform: Record<string, LabelCounts>;
	/** What "Answer first" lists: negative posts, most engaged first (with the negative comments when `comments` is not its own section). */
	negatives: StoredMention[];
	/** The same negatives as stories: a story cross-posted to several platforms is listed once. */
	negativeStories: Story[];
	/** Every mention of the brand in the period, grouped into stories, most engaged first. */
	stories: Story[];
	/** What "Comments to answer first" lists: negative comments, newest first. */
	comments: StoredMention[];
}

export interface TrendDay {
	day: string;
	counts: LabelCounts;
	byBrand: Record<string, number>;
	current: boolean;
}

export interface ReportModel {
	settings: ReportSettings;
	strings: ReportStrings;
	day: string;
	mentions: StoredMention[];
	totals: LabelCounts;
	brands: BrandTally[];
	byPlatform: Record<string, LabelCounts>;
	platforms: string[];
	failedPlatforms: Set<string>;
	/** "Most engaged": the stories of every brand with the most engagement, summed per story. */
	top: Story[];
	unclassified: StoredMention[];
	trend: TrendDay[];
	show: (section: Section) => boolean;
}

const MAX_TOP = 5;

/** Per local day over the `days` days that end with the period's last day, from every row given. */
function trendOf(
	allRows: StoredMention[],
	settings: ReportSettings,
	brandNames: string[],
): TrendDay[] {
	// Rows first seen at or after the period's end belong to the next report, in its trend too.
	const rows = allRows.filter((row) => row.seenAt < settings.period.to);
	const dayOfRow = new Map(rows.map((row) => [row, settings.local.day(row.seenAt)]));
	const dayOf = (row: StoredMention) => dayOfRow.get(row)!;
	const lastDay = settings.local.day(settings.period.to - 1);
	const days = Array.from({ length: settings.trendDays }, (_, n) =>
		addDays(lastDay, n - (settings.trendDays - 1)),
	);
	const perDay = countBy(rows, dayOf, days);
	return days.map((day) => {
		const ofDay = rows.filter((row) => dayOf(row) === day);
		return {
			day,
			counts: perDay[day],
			byBrand: Object.fromEntries(
				brandNames.map((name) => [name, ofDay.filter((row) => row.brand === name).length]),
			),
			current: day === lastDay,
		};
	});
}

/**
 * Everything the formats show, computed once: the period's mentions, counts per brand and platform,
 * negatives per brand, the trend from all rows (the input or the trend rows).
 */
export function buildReportModel(
	rows: StoredMention[],
	trendRows: StoredMention[],
	settings: ReportSettings,
): ReportModel {
	const { from, to } = settings.period;
	const mentions = rows.filter((row) => row.seenAt >= from && row.seenAt < to);
	const brandNames = settings.brands.map((brand) => brand.name);
	const failedPlatforms = new Set(settings.failures.map((failure) => failure.source));
	const platforms = [
		...new Set([
			...mentions.map((mention) => mention.platform),
			...settings.recovered.map((outage) => outage.source),
			...failedPlatforms,
		]),
	];
	const sections = new Set(settings.sections);
	// A negative comment is listed once: under "Comments to answer first", or where a team turned
	// that section off (or chose its sections before it existed), under "Answer first".
	const commentsApart = sections.has('commentsToAnswer');
	const brands = settings.brands.map((brand, index) => {
		const own = mentions.filter((mention) => mention.brand === brand.name);
		const negatives = own.filter((mention) => mention.label === 'negative');
		const isApart = (mention: StoredMention) => commentsApart && mention.kind === 'comment';
		const stories = groupStories(own);
		const toAnswer = new Set(negatives.filter((mention) => !isApart(mention)));
		return {
			name: brand.name,
			colour: brandColour(index, brand.colour),
			counts: countLabels(own),
			byPlatform: countBy(own, (mention) => mention.platform, platforms),
			negatives: negatives.filter((mention) => !isApart(mention)).sort(byEngagement),
			negativeStories: stories
				.map((story) => story.mentions.filter((mention) => toAnswer.has(mention)))
				.filter((members) => members.length > 0)
				.map(storyOf)
				.sort(byStoryEngagement),
			stories,
			comments: negatives.filter(isApart).sort(byNewest),
		};
	});
	return {
		settings,
		strings: stringsFor(settings.language),
		day: settings.local.day(to - 1),
		mentions,
		totals: countLabels(mentions),
		brands,
		byPlatform: countBy(mentions, (mention) => mention.platform, platforms),
		platforms,
		failedPlatforms,
		top: brands
			.flatMap((brand) => brand.stories)
			.sort(byStoryEngagement)
			.slice(0, MAX_TOP),
		unclassified: mentions.filter((mention) => mention.label === 'unclassified'),
		trend: trendOf(trendRows, settings, brandNames),
		show: (section) => sections.has(section),
	};
}

/**
 * The period as the team reads it: "2026-11-25 (UTC+8)" for one whole local day, "2026-11-24 –
 * 2026-11-25 (UTC+8)" for several, else "2026-11-25 07:00–2026-11-26 07:00 (UTC+8)".
 */
export function periodText({ settings }: ReportModel): string {
	const { local, period } = settings;
	const firstDay = local.day(period.from);
	const lastDay = local.day(period.to - 1);
	const wholeDays =
		period.from === local.startOfDay(firstDay) &&
		period.to === local.startOfDay(addDays(lastDay, 1));
	if (!wholeDays) return spanText(local, period.from, period.to);
	const days = firstDay === lastDay ? firstDay : `${firstDay} – ${lastDay}`;
	const zones = [...new Set([local.offsetName(period.from), local.offsetName(period.to - 1)])];
	return `${days} (${zones.join(' → ')})`;
}

/** "one failed run at 13:00 (UTC+8), caught up at 14:00": each caught-up outage, in local time. */
export function recoveredLines({ settings, strings, day }: ReportModel): string[] {
	const { local } = settings;
	// A time on the report's own day shows the clock only, on another day its date too.
	const at = (time: number) =>
		local.day(time) === day
			? local.clock(time)
			: `${local.day(time).slice(5)} ${local.clock(time)}`;
	return settings.recovered.map((outage) =>
		strings.recovered(
			platformName(strings, outage.source),
			outage.failedAt.length,
			outage.failedAt.map(at).join(', '),
			local.offsetName(outage.failedAt[0]),
			at(outage.caughtUpAt),
		),
	);
}

/** "acme" or "acme vs rival vs other", the report's title. */
export function brandTitle(model: ReportModel): string {
	return model.brands.map((brand) => brand.name).join(model.strings.vs);
}

/** The one-line verdict under the title. */
export function verdict(model: ReportModel): string {
	const { strings, totals } = model;
	if (totals.total === 0) return strings.noMentions;
	const tone =
		totals.negative > totals.positive
			? strings.leaning.negative
			: totals.positive > totals.negative
				? strings.leaning.positive
				: strings.leaning.balanced;
	return strings.verdict(totals.total, tone, totals.positive, totals.negative);
}

export function subject(model: ReportModel): string {
	return model.strings.subject(
		brandTitle(model),
		model.totals.total,
		model.totals.negative,
		model.day,
	);
}
