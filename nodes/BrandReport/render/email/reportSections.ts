import { LABEL_COLOURS } from '../colours';
import { escapeHtml } from '../escape';
import type { ReportModel } from '../reportModel';
import { recoveredLines } from '../reportModel';
import { placeName, platformName } from '../strings';
import { percent } from '../tally';
import {
	answerStoryCard,
	bar,
	block,
	commentCard,
	dot,
	FONT,
	heading,
	headline,
	headlineRow,
	INK,
	link,
	MUTED,
	sentimentParts,
	storyMeta,
	table,
} from './parts';

const MAX_ACTIONS = 10;
const cell = (width: string, inner: string, align = '', style = '') =>
	`<td width="${width}"${align ? ` align="${align}"` : ''} style="${FONT}font-size:12px;color:${MUTED};padding:5px 0;${style}">${inner}</td>`;

export function headlinesHtml({
	strings,
	totals,
	platforms,
	failedPlatforms,
	unclassified,
}: ReportModel) {
	const answered = platforms.length - failedPlatforms.size;
	const note = unclassified.length
		? `<div style="${FONT}font-size:12px;color:#8a5a00;padding-top:6px;">${escapeHtml(strings.unclassifiedNote(unclassified.length))}</div>`
		: '';
	return headlineRow(
		[
			headline(totals.total, strings.headlineMentions, INK, '25%'),
			headline(
				totals.negative,
				strings.label.negative,
				totals.negative ? LABEL_COLOURS.negative : INK,
				'25%',
			),
			headline(
				totals.positive,
				strings.label.positive,
				totals.positive ? LABEL_COLOURS.positive : INK,
				'25%',
			),
			headline(
				platforms.length ? `${answered}/${platforms.length}` : '–',
				strings.sourcesAnswered,
				failedPlatforms.size ? LABEL_COLOURS.negative : INK,
				'25%',
			),
		],
		note,
	);
}

export function summaryHtml({ strings, settings }: ReportModel) {
	if (!settings.summary) return '';
	return `${heading(strings.summary)}<tr><td style="${FONT}padding:0 28px;font-size:15px;line-height:22px;color:${INK};">${escapeHtml(settings.summary)}</td></tr>`;
}

const listed = (lists: unknown[][]) => lists.reduce((n, list) => n + list.length, 0);

const brandTitleRow = (name: string, colour: string, count: number) =>
	`<tr><td style="${FONT}font-size:14px;font-weight:bold;color:${colour};padding:6px 0;">${escapeHtml(name)} &middot; ${count}</td></tr>`;

const moreRow = (text: string) =>
	`<tr><td style="${FONT}font-size:13px;color:${MUTED};">${escapeHtml(text)}</td></tr>`;

/** Per brand when there are several: each brand's own negatives as stories, most engaged first. */
export function answerFirstHtml({ strings, brands, totals, settings }: ReportModel) {
	const several = brands.length > 1;
	const count = listed(brands.map((brand) => brand.negatives));
	const rows = brands
		.filter((brand) => brand.negatives.length || !several)
		.map((brand) => {
			const shown = brand.negativeStories.slice(0, MAX_ACTIONS);
			const cards = shown
				.map((story, n) => answerStoryCard(strings, settings.local, story, n + 1, false))
				.join('');
			const left = brand.negatives.length - listed(shown.map((story) => story.mentions));
			const more = left > 0 ? moreRow(strings.moreNegatives(left)) : '';
			const title = several ? brandTitleRow(brand.name, brand.colour, brand.negatives.length) : '';
			return `${title}${cards}${more}`;
		})
		.join('');
	// Negatives that are all comments are listed in their own section below.
	const nothing = totals.negative
		? `<div style="${FONT}font-size:14px;color:${MUTED};">${escapeHtml(strings.noNegativePosts)}</div>`
		: `<div style="${FONT}font-size:14px;color:${LABEL_COLOURS.positive};">${escapeHtml(strings.nothingNegative)}</div>`;
	return `${heading(strings.answerFirst(count))}${block(count ? table(rows) : nothing)}`;
}

/** Per brand, the negative comments newest first: they wait for an answer under a post. None: no section. */
export function commentsToAnswerHtml({ strings, brands, settings }: ReportModel) {
	const count = listed(brands.map((brand) => brand.comments));
	if (!count) return '';
	const several = brands.length > 1;
	const rows = brands
		.filter((brand) => brand.comments.length)
		.map((brand) => {
			const cards = brand.comments
				.slice(0, MAX_ACTIONS)
				.map((comment, n) => commentCard(strings, settings.local, comment, n + 1))
				.join('');
			const left = brand.comments.length - MAX_ACTIONS;
			const more = left > 0 ? moreRow(strings.moreComments(left)) : '';
			const title = several ? brandTitleRow(brand.name, brand.colour, brand.comments.length) : '';
			return `${title}${cards}${more}`;
		})
		.join('');
	return `${heading(strings.commentsToAnswer(count))}${block(table(rows))}`;
}

/** Share of voice (bar length) with each brand's sentiment, then brand × platform counts. */
export function shareOfVoiceHtml({ strings, brands, totals, platforms }: ReportModel) {
	if (brands.length < 2) return '';
	const most = Math.max(1, ...brands.map((brand) => brand.counts.total));
	const rows = brands
		.map((brand) => {
			const share = percent(brand.counts.total, totals.total);
			const name = `<span style="font-size:14px;font-weight:bold;color:${brand.colour};">${escapeHtml(brand.name)}</span>`;
			const bars = `${bar([{ value: brand.counts.total, colour: brand.colour }], (brand.counts.total / most) * 100)}<div style="height:4px;font-size:1px;line-height:1px;">&nbsp;</div>${bar(sentimentParts(brand.counts))}`;
			const figures = `${brand.counts.total} &middot; ${share}%<br><span style="color:${brand.counts.negative ? LABEL_COLOURS.negative : MUTED};">${brand.counts.negative} ${escapeHtml(strings.neg)}</span>`;
			return `<tr>${cell('22%', name)}${cell('58%', bars)}${cell('20%', figures, 'right')}</tr>`;
		})
		.join('');
	const head = `<tr>${cell('22%', '')}${platforms.map((platform) => cell(`${Math.floor(78 / platforms.length)}%`, escapeHtml(platformName(strings, platform)), 'right', 'font-weight:bold;')).join('')}</tr>`;
	const perPlatform = brands
		.map(
			(brand) =>
				`<tr>${cell('22%', escapeHtml(brand.name), '', `color:${INK};font-size:13px;`)}${platforms
					.map((platform) => {
						const counts = brand.byPlatform[platform];
						const negative = counts.negative
							? ` <span style="color:${LABEL_COLOURS.negative};">(${counts.negative})</span>`
							: '';
						return cell(
							'',
							`${counts.total}${negative}`,
							'right',
							`color:${INK};font-size:13px;border-top:1px solid #eef1f4;`,
						);
					})
					.join('')}</tr>`,
		)
		.join('');
	return `${heading(strings.shareOfVoice)}${block(`${table(rows)}<div style="${FONT}font-size:12px;color:${MUTED};padding-top:4px;">${escapeHtml(strings.shareNote)}</div>`)}${
		platforms.length ? `${heading(strings.brandByPlatform)}${block(table(head + perPlatform))}` : ''
	}`;
}

export function platformsHtml(model: ReportModel) {
	const { strings, byPlatform, failedPlatforms, totals } = model;
	const rows = Object.entries(byPlatform)
		.map(([platform, counts]) => {
			const failed = failedPlatforms.has(platform);
			const name = `<span style="font-size:14px;color:${INK};">${escapeHtml(platformName(strings, platform))}</span>`;
			const shown = failed
				? `<span style="color:${LABEL_COLOURS.negative};">${escapeHtml(strings.sourceFailed)}</span>`
				: bar(sentimentParts(counts));
			const figures = failed
				? ''
				: `${counts.total} &middot; <span style="color:${counts.negative ? LABEL_COLOURS.negative : MUTED};">${counts.negative} ${escapeHtml(strings.neg)}</span>`;
			return `<tr>${cell('22%', name)}${cell('58%', shown)}${cell('20%', figures, 'right')}</tr>`;
		})
		.join('');
	const labels = (['positive', 'neutral', 'negative'] as const).map(
		(label) => `${dot(label)} ${escapeHtml(strings.label[label])}`,
	);
	if (totals.unclassified)
		labels.push(`${dot('unclassified')} ${escapeHtml(strings.label.unclassified)}`);
	const legend = `<div style="${FONT}font-size:12px;color:${MUTED};padding-top:6px;">${labels.join('&nbsp;&nbsp;&nbsp;')}</div>`;
	return `${heading(strings.byPlatform)}${block(`${table(rows)}${legend}`)}`;
}

/** The most engaged stories: a story cross-posted to several platforms once, its figures summed. */
export function mostEngagedHtml({ strings, top, brands }: ReportModel) {
	if (!top.length) return '';
	const rows = top
		.map(
			(story) =>
				`<tr><td style="${FONT}padding:7px 0;border-bottom:1px solid #eef1f4;font-size:14px;color:${INK};">${dot(story.lead.label)}&nbsp; ${link(story.lead, story.lead.title)}<div style="font-size:12px;color:${MUTED};padding:2px 0 0 15px;">${storyMeta(strings, story, brands.length > 1)}</div></td></tr>`,
		)
		.join('');
	const note = top.some((story) => story.mentions.length > 1)
		? `<div style="${FONT}font-size:12px;color:${MUTED};padding-top:4px;">${escapeHtml(strings.storiesNote)}</div>`
		: '';
	return `${heading(strings.mostEngaged)}${block(table(rows) + note)}`;
}

export function trendHtml({ strings, trend, brands }: ReportModel) {
	const most = Math.max(1, ...trend.map((day) => day.counts.total));
	const rows = trend
		.map((day) => {
			const label = day.current ? strings.currentDay(day.day.slice(5)) : day.day.slice(5);
			const perBrand =
				brands.length > 1
					? `<div style="font-size:11px;">${brands.map((brand) => `<span style="color:${brand.colour};">${day.byBrand[brand.name] ?? 0}</span>`).join(' / ')}</div>`
					: '';
			const weight = day.current ? `color:${INK};font-weight:bold;` : '';
			const figures = `${day.counts.total}${day.counts.negative ? ` &middot; <span style="color:${LABEL_COLOURS.negative};">${day.counts.negative}</span>` : ''}${perBrand}`;
			return `<tr>${cell('24%', escapeHtml(label), '', weight)}${cell('60%', bar(sentimentParts(day.counts), (day.counts.total / most) * 100))}${cell('16%', figures, 'right')}</tr>`;
		})
		.join('');
	return `${heading(strings.trend(trend.length))}${block(`${table(rows)}<div style="${FONT}font-size:12px;color:${MUTED};padding-top:4px;">${escapeHtml(strings.trendNote)}</div>`)}`;
}

/** Caught-up outages: the data is complete, so a calm note rather than a warning. */
function recoveredHtml(model: ReportModel) {
	const { strings, settings } = model;
	if (!settings.recovered.length) return '';
	const rows = recoveredLines(model)
		.map(
			(line) =>
				`<tr><td style="${FONT}font-size:13px;color:${INK};padding:4px 0;">${escapeHtml(line)}</td></tr>`,
		)
		.join('');
	const inner = `<tr><td style="padding:8px 14px;">${table(rows)}<div style="${FONT}font-size:12px;color:${MUTED};padding-top:4px;">${escapeHtml(strings.recoveredNote)}</div></td></tr>`;
	return `${heading(strings.recoveredSources)}${block(table(inner, 'border:1px solid #e3e7ec;background:#f6f8fa;'))}`;
}

export function failedSourcesHtml(model: ReportModel) {
	const { strings, settings } = model;
	if (!settings.failures.length) return recoveredHtml(model);
	const rows = settings.failures
		.map(
			(failure) =>
				`<tr><td style="${FONT}font-size:13px;color:#7a2721;padding:4px 0;"><b>${escapeHtml(platformName(strings, failure.source))}</b>${failure.status !== null ? ` (HTTP ${escapeHtml(failure.status)})` : ''}: ${escapeHtml(failure.error)}</td></tr>`,
		)
		.join('');
	const inner = `<tr><td style="padding:8px 14px;">${table(rows)}<div style="${FONT}font-size:12px;color:${MUTED};padding-top:4px;">${escapeHtml(strings.failedNote)}</div></td></tr>`;
	return `${heading(strings.failedSources)}${block(table(inner, 'border:1px solid #f1c4c0;background:#fdf3f2;'))}${recoveredHtml(model)}`;
}

/** Listed up to MAX_UNCLASSIFIED: Gmail clips a message past about 100 KB, and this list is the least urgent. */
const MAX_UNCLASSIFIED = 20;

export function unclassifiedHtml({ strings, unclassified }: ReportModel) {
	if (!unclassified.length) return '';
	const rows = unclassified
		.slice(0, MAX_UNCLASSIFIED)
		.map(
			(mention) =>
				`<tr><td style="${FONT}font-size:13px;color:${INK};padding:3px 0;">${dot('unclassified')}&nbsp; ${link(mention, mention.title)} <span style="color:${MUTED};">(${escapeHtml(placeName(strings, mention))}) ${escapeHtml(mention.reason)}</span></td></tr>`,
		)
		.join('');
	const left = unclassified.length - MAX_UNCLASSIFIED;
	const more =
		left > 0
			? `<tr><td style="${FONT}font-size:13px;color:${MUTED};padding:3px 0;">${escapeHtml(strings.moreMentions(left))}</td></tr>`
			: '';
	return `${heading(strings.unclassified)}${block(table(rows + more))}`;
}

export function costHtml({ strings, settings }: ReportModel) {
	const cost = settings.cost;
	if (!cost) return '';
	const parts = [
		cost.credits !== null ? strings.credits(cost.credits) : '',
		cost.modelCalls !== null ? strings.modelCalls(cost.modelCalls) : '',
	].filter(Boolean);
	return `${heading(strings.cost)}<tr><td style="${FONT}padding:0 28px;font-size:14px;color:${INK};">${escapeHtml(parts.join(' · '))}</td></tr>`;
}
