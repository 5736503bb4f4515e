import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { trimNote } from '../render/chat/mentionLine';
import { reportChat } from '../render/chat/reportBlocks';
import { reportHtml } from '../render/email/reportHtml';
import type { StoredMention } from '../render/mention';
import { readMention } from '../render/mention';
import type { ReportModel, ReportSettings } from '../render/reportModel';
import { buildReportModel, subject } from '../render/reportModel';
import { percent } from '../render/tally';
import { commonFields } from './commonFields';
import { readCommonSettings } from './commonSettings';
import { formatsJson, messageItems } from './formatsOutput';
import { forItem } from './itemErrors';
import { isPlaceholder } from './placeholder';
import { readReportSettings, trendRowsValue } from './reportSettings';
import { reportFields } from './reportFields';

export const description: INodeProperties[] = [...reportFields, ...commonFields('buildReport')];

/** The brands of the report: as listed, or (list empty) in order of first appearance in the input. */
function brandsFor(settings: ReportSettings, rows: Array<{ row: StoredMention; index: number }>) {
	if (!settings.brands.length)
		return [...new Set(rows.map(({ row }) => row.brand))].map((name) => ({ name }));
	const listed = new Set(settings.brands.map((brand) => brand.name));
	for (const { row, index } of rows)
		if (!listed.has(row.brand))
			forItem(index, () =>
				invalid(
					{ name: 'brand', displayName: 'brand' },
					`is "${row.brand}", which is not in Brands (${[...listed].join(', ')})`,
				),
			);
	return settings.brands;
}

function countsJson(model: ReportModel): IDataObject {
	return {
		total: model.totals.total,
		byLabel: { ...model.totals },
		byBrand: Object.fromEntries(
			model.brands.map((brand) => [
				brand.name,
				{
					...brand.counts,
					share: percent(brand.counts.total, model.totals.total),
					byPlatform: brand.byPlatform,
				},
			]),
		),
		byPlatform: model.byPlatform,
	};
}

/** "Most engaged" as data: each story once, with the keys of its mentions and its summed figures. */
const storiesJson = (model: ReportModel): IDataObject[] =>
	model.top.map((story) => ({
		brand: story.brand,
		title: story.lead.title,
		url: story.lead.url,
		platforms: story.platforms,
		keys: story.mentions.map((mention) => mention.key),
		engagement: story.engagement,
		...story.reach,
	}));

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const common = forItem(0, () => readCommonSettings(this, 0));
	const settings = forItem(0, () => readReportSettings(this, common));
	const rows = items
		.map((item, index) => ({ item, index }))
		.filter(({ item }) => !isPlaceholder(item))
		.map(({ item, index }) => ({ row: forItem(index, () => readMention(item.json)), index }));
	const given = forItem(0, () => trendRowsValue(this));
	const trendRows = given?.map((row, n) => forItem(0, () => readMention(row, `trendRows[${n}].`)));
	const mentions = rows.map(({ row }) => row);
	const model = buildReportModel(mentions, trendRows ?? mentions, {
		...settings,
		brands: brandsFor(settings, rows),
	});
	const json: IDataObject = {
		...formatsJson(
			{
				subject: subject(model),
				html: () => reportHtml(model),
				chat: reportChat(model),
				urgent: model.totals.negative > 0,
				strings: model.strings,
				note: (left) =>
					trimNote(model.strings, model.strings.trimmed(left), settings.fullReportUrl),
			},
			common,
		),
		day: model.day,
		timeZone: settings.local.zone,
		period: {
			from: new Date(settings.period.from).toISOString(),
			to: new Date(settings.period.to).toISOString(),
		},
		counts: countsJson(model),
		topStories: storiesJson(model),
		cost: settings.cost,
		failures: settings.failures as unknown as IDataObject[],
		recovered: settings.recovered.map((outage) => ({
			source: outage.source,
			failedRuns: outage.failedAt.map((time) => new Date(time).toISOString()),
			caughtUpAt: new Date(outage.caughtUpAt).toISOString(),
		})),
		trend: model.trend.map((day) => ({ day: day.day, ...day.counts, byBrand: day.byBrand })),
	};
	if (common.itemPerMessage) return messageItems(json, 0);
	return [{ json, pairedItem: items.map((_, item) => ({ item })) }];
}
