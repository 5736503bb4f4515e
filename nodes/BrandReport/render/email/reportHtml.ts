import type { ReportModel, Section } from '../reportModel';
import { brandTitle, periodText, verdict } from '../reportModel';
import { emailPage, footer, headerBlock } from './parts';
import {
	answerFirstHtml,
	commentsToAnswerHtml,
	costHtml,
	failedSourcesHtml,
	headlinesHtml,
	mostEngagedHtml,
	platformsHtml,
	shareOfVoiceHtml,
	summaryHtml,
	trendHtml,
	unclassifiedHtml,
} from './reportSections';

/** The sections in the order the e-mail shows them (the order of the report before, share of voice added). */
const SECTION_HTML: Array<[Section, (model: ReportModel) => string]> = [
	['headlines', headlinesHtml],
	['summary', summaryHtml],
	['answerFirst', answerFirstHtml],
	['commentsToAnswer', commentsToAnswerHtml],
	['shareOfVoice', shareOfVoiceHtml],
	['platforms', platformsHtml],
	['mostEngaged', mostEngagedHtml],
	['trend', trendHtml],
	['failedSources', failedSourcesHtml],
	['unclassified', unclassifiedHtml],
	['cost', costHtml],
];

/** The e-mail: a 640 px table layout with inline styles, as mail clients render it. */
export function reportHtml(model: ReportModel): string {
	const { strings, day, settings } = model;
	const title = brandTitle(model);
	return emailPage(
		`${title}: ${strings.reportTitle} ${day}`,
		settings.accent,
		headerBlock(`${strings.reportTitle} · ${periodText(model)}`, title, verdict(model)),
		[
			...SECTION_HTML.filter(([section]) => model.show(section)).map(([, render]) => render(model)),
			footer(strings.footer),
		],
	);
}
