import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import type { SourceRun } from '../render/outages';
import { jsonValue } from './jsonParameter';
import { timeOf } from './timeValue';

const DISPLAY = 'Source Runs';

/** The platform each source of the shipped collector searches (its runs name the endpoint). */
const SOURCE_PLATFORMS: Record<string, string> = {
	search_notes: 'notes',
	fetch_search: 'articles',
	fetch_search_videos: 'channels',
	fetch_search_channel_videos: 'channels',
};

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
		source: text(entry.platform) ?? SOURCE_PLATFORMS[entry.source] ?? entry.source,
		search: `${brand ?? ''}\u0001${text(entry.term) ?? ''}`,
		brand,
		error: text(entry.error),
		status: typeof status === 'number' || typeof status === 'string' ? status : null,
	};
}

/**
 * The Source Runs parameter: the period's rows of the runs table (runAt, source, brand, term, and
 * error and status on a failed run); none when empty.
 */
export function sourceRunsOf(context: IExecuteFunctions): SourceRun[] {
	const value = jsonValue('sourceRuns', DISPLAY, context.getNodeParameter('sourceRuns', 0, ''));
	if (value === undefined) return [];
	if (!Array.isArray(value))
		invalid(
			{ name: 'sourceRuns', displayName: DISPLAY },
			'must be a list of runs such as [{"runAt": "…", "source": "fetch_search", "error": "…"}]',
		);
	return value.map(readRun);
}
