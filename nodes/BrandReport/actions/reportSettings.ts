import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import { outagesOf, type FailedSource, type SourceRun } from '../render/outages';
import type { Cost, ReportSettings, Section } from '../render/reportModel';
import { SECTIONS } from '../render/reportModel';
import type { LocalTime } from '../render/localTime';
import type { CommonSettings } from './commonSettings';
import { jsonValue } from './jsonParameter';
import { sourceRunsOf } from './sourceRuns';

const HOUR_MS = 60 * 60 * 1000;
const field = (name: string, displayName: string) => ({ name, displayName });

function brandsOf(context: IExecuteFunctions): ReportSettings['brands'] {
	const rows = context.getNodeParameter('brands.brand', 0, []) as Array<{
		name?: string;
		colour?: string;
	}>;
	return rows.map((row, index) => {
		const name = String(row.name ?? '').trim();
		if (!name) invalid(field(`brands[${index}].name`, 'Brands › Name'), 'is required');
		const colour = String(row.colour ?? '').trim();
		if (colour && !/^#[0-9a-f]{6}$/i.test(colour))
			invalid(
				field(`brands[${index}].colour`, 'Brands › Colour'),
				`must be a colour such as #1d5fbf; got "${colour}"`,
			);
		return { name, colour: colour || undefined };
	});
}

function periodOf(context: IExecuteFunctions, local: LocalTime): ReportSettings['period'] {
	const kind = context.getNodeParameter('period', 0, 'last24Hours') as string;
	if (kind === 'last24Hours') {
		const to = Date.now();
		return { from: to - 24 * HOUR_MS, to };
	}
	const time = (name: string, displayName: string) => {
		const value = context.getNodeParameter(name, 0, '') as unknown;
		const parsed = typeof value === 'string' ? local.parse(value) : NaN;
		if (!Number.isFinite(parsed))
			invalid(field(name, displayName), `must be a date and time; got ${JSON.stringify(value)}`);
		return parsed;
	};
	const from = time('periodFrom', 'From');
	const to = time('periodTo', 'To');
	if (to <= from) invalid(field('periodTo', 'To'), 'must be after From');
	return { from, to };
}

function failuresOf(context: IExecuteFunctions): FailedSource[] {
	const display = 'Failed Sources';
	const value = jsonValue(
		'failedSources',
		display,
		context.getNodeParameter('failedSources', 0, ''),
	);
	if (value === undefined) return [];
	if (!Array.isArray(value))
		invalid(
			field('failedSources', display),
			'must be a list such as [{"source": "notes", "error": "…", "status": 500}]',
		);
	return value.map((entry: unknown, index) => {
		if (!isRecord(entry) || typeof entry.source !== 'string' || !entry.source)
			invalid(
				field(`failedSources[${index}].source`, display),
				'is required (the platform that failed)',
			);
		const status = entry.status;
		return {
			source: entry.source,
			error: String(entry.error ?? entry.message ?? ''),
			status: typeof status === 'number' || typeof status === 'string' ? status : null,
		};
	});
}

/** The cost of the period: what its runs spent, plus what this run spent itself (Credits Used, Model Calls). */
function costOf(context: IExecuteFunctions, runs: SourceRun[] | null): Cost | null {
	const number = (name: string, displayName: string): number | null => {
		const value = context.getNodeParameter(name, 0, '') as unknown;
		if (value === '' || value === undefined || value === null) return null;
		const parsed = typeof value === 'string' ? Number(value) : value;
		if (typeof parsed !== 'number' || !Number.isFinite(parsed) || parsed < 0)
			invalid(
				field(name, displayName),
				`must be a number of 0 or more; got ${JSON.stringify(value)}`,
			);
		return parsed;
	};
	const own = {
		credits: number('costCredits', 'Credits Used'),
		modelCalls: number('costModelCalls', 'Model Calls'),
	};
	if (!runs) return own.credits === null && own.modelCalls === null ? null : own;
	const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
	const credits = sum([own.credits ?? 0, ...runs.map((run) => run.credits)]);
	return {
		credits: Math.round(credits * 100) / 100,
		modelCalls: sum([own.modelCalls ?? 0, ...runs.map((run) => run.modelCalls)]),
	};
}

/** Every parameter of Build Report, read once (one report per run) and checked. */
export function readReportSettings(
	context: IExecuteFunctions,
	common: CommonSettings,
): ReportSettings {
	const sections = context.getNodeParameter('sections', 0, [...SECTIONS]) as string[];
	const unknown = sections.filter((section) => !SECTIONS.includes(section as Section));
	if (unknown.length)
		invalid(
			field('sections', 'Sections'),
			`has unknown sections ${JSON.stringify(unknown)}; known: ${SECTIONS.join(', ')}`,
		);
	const trendDays = context.getNodeParameter('trendDays', 0, 7) as number;
	if (!Number.isInteger(trendDays) || trendDays < 1 || trendDays > 31)
		invalid(
			field('trendDays', 'Trend Days'),
			`must be a whole number from 1 to 31; got ${JSON.stringify(trendDays)}`,
		);
	const period = periodOf(context, common.local);
	const given = sourceRunsOf(context);
	const runs = given?.filter((run) => run.time >= period.from && run.time < period.to) ?? [];
	const outages = outagesOf(runs);
	return {
		language: common.language,
		brands: brandsOf(context),
		period,
		sections: sections as Section[],
		accent: common.accent,
		summary: String(context.getNodeParameter('summary', 0, '') ?? '').trim(),
		failures: [...failuresOf(context), ...outages.failures],
		recovered: outages.recovered,
		cost: costOf(context, given && runs),
		fullReportUrl: common.fullReportUrl,
		trendDays,
		local: common.local,
	};
}

/** The optional Trend Rows parameter: history rows for the trend, or undefined to use the input. */
export function trendRowsValue(context: IExecuteFunctions): unknown[] | undefined {
	const value = jsonValue('trendRows', 'Trend Rows', context.getNodeParameter('trendRows', 0, ''));
	if (value === undefined) return undefined;
	if (!Array.isArray(value))
		invalid(field('trendRows', 'Trend Rows'), 'must be a list of history rows');
	return value;
}
