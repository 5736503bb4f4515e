import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import type { SourceRun } from '../render/outages';
import { jsonValue } from './jsonParameter';
import { isEmptyRow } from './placeholder';
import { timeOf } from './timeValue';

const DISPLAY = 'Source Runs';

/** A cost column: empty is 0 (a failed run's row), otherwise a number of 0 or more. */
function spent(entry: Record<string, unknown>, name: string, index: number): number {
	const value = entry[name];
	if (value === undefined || value === null || value === '') return 0;
	const parsed = typeof value === 'string' ? Number(value) : value;
	if (typeof parsed !== 'number' || !Number.isFinite(parsed) || parsed < 0)
		invalid(
			{ name: `sourceRuns[${index}].${name}`, displayName: DISPLAY },
			`must be a number of 0 or more; got ${JSON.stringify(value)}`,
		);
	return parsed;
}

const text = (value: unknown): string | null =>
	value === undefined || value === null || value === '' ? null : String(value);

function readRun(entry: unknown, index: number): SourceRun {
	const field = (name: string) => ({ name: `sourceRuns[${index}].${name}`, displayName: DISPLAY });
	if (!isRecord(entry) || typeof entry.source !== 'string' || !entry.source)
		invalid(field('source'), 'is required (the source the run searched)');
	const time = timeOf(entry.runAt);
	if (!Number.isFinite(time))
		invalid(field('runAt'), `must be a date and time; got ${JSON.stringify(entry.runAt)}`);
	const status = entry.status;
	const brand = text(entry.brand);
	return {
		time,
		// The platform the run's list is on (its walk summary or error item names it); rows stored
		// before runs carried one name the endpoint only.
		source: text(entry.platform) ?? entry.source,
		search: `${brand ?? ''}\u0001${text(entry.term) ?? ''}`,
		brand,
		error: text(entry.error),
		status: typeof status === 'number' || typeof status === 'string' ? status : null,
		credits: spent(entry, 'credits', index),
		modelCalls: spent(entry, 'modelCalls', index),
	};
}

/**
 * The Source Runs parameter: the period's rows of the runs table (runAt, source, brand, term,
 * credits and modelCalls, and error and status on a failed run); null when not set.
 */
export function sourceRunsOf(context: IExecuteFunctions): SourceRun[] | null {
	const value = jsonValue('sourceRuns', DISPLAY, context.getNodeParameter('sourceRuns', 0, ''));
	if (value === undefined) return null;
	if (!Array.isArray(value))
		invalid(
			{ name: 'sourceRuns', displayName: DISPLAY },
			'must be a list of runs such as [{"runAt": "…", "source": "fetch_search", "error": "…"}]',
		);
	return value
		.map((entry, index) => ({ entry, index }))
		.filter(({ entry }) => !isEmptyRow(entry))
		.map(({ entry, index }) => readRun(entry, index));
}
