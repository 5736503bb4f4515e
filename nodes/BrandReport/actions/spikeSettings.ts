import type { IExecuteFunctions } from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import type { Label } from '../render/strings';
import { LABELS } from '../render/strings';
import type { AlertRow, SpikeSettings } from '../spikes';
import { jsonValue } from './jsonParameter';
import { isEmptyRow } from './placeholder';
import { readNow, timeOf } from './timeValue';

const MINUTES_PER_DAY = 24 * 60;
const field = (name: string, displayName: string) => ({ name, displayName });

export interface SpikeCheck {
	now: Date;
	settings: SpikeSettings;
	alerts: AlertRow[];
}

/** A number parameter (an expression may give it as text), refused unless `accepts` it. */
function numberParameter(
	context: IExecuteFunctions,
	[name, displayName, fallback]: [string, string, number],
	accepts: (value: number) => boolean,
	problem: string,
): number {
	const given = context.getNodeParameter(name, 0, fallback) as unknown;
	const value = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
	if (typeof value !== 'number' || !Number.isFinite(value) || !accepts(value))
		invalid(field(name, displayName), `${problem}; got ${JSON.stringify(given)}`);
	return value;
}

function nowOf(context: IExecuteFunctions): Date {
	return new Date(readNow(context, 0));
}

function settingsOf(context: IExecuteFunctions): SpikeSettings {
	const whole = (value: number) => Number.isInteger(value) && value >= 1;
	const positive = (value: number) => value > 0;
	const windowMinutes = numberParameter(
		context,
		['windowMinutes', 'Window (Minutes)', 60],
		whole,
		'must be a whole number of minutes, 1 or more',
	);
	const baselineDays = numberParameter(
		context,
		['baselineDays', 'Baseline Days', 7],
		positive,
		'must be a number of days above 0',
	);
	if (baselineDays * MINUTES_PER_DAY < windowMinutes)
		invalid(
			field('baselineDays', 'Baseline Days'),
			`must span at least one window of ${windowMinutes} minutes; got ${baselineDays}`,
		);
	const minimumCount = numberParameter(
		context,
		['minimumCount', 'Minimum Count', 5],
		whole,
		'must be a whole number, 1 or more',
	);
	const factor = numberParameter(
		context,
		['factor', 'Factor', 3],
		positive,
		'must be a number above 0',
	);
	const label = context.getNodeParameter('label', 0, 'negative') as string;
	if (!LABELS.includes(label as Label))
		invalid(
			field('label', 'Label'),
			`must be one of ${LABELS.join(', ')}; got ${JSON.stringify(label)}`,
		);
	return { windowMinutes, baselineDays, minimumCount, factor, label };
}

/** Alerts already sent, as the alert Data Table keeps them; rows without any field are skipped. */
function alertsOf(context: IExecuteFunctions): AlertRow[] {
	const display = 'Alerts Already Sent';
	const value = jsonValue('alerts', display, context.getNodeParameter('alerts', 0, ''));
	if (value === undefined) return [];
	if (!Array.isArray(value))
		invalid(
			field('alerts', display),
			'must be a list such as [{"brand": "acme", "label": "negative", "spikeStart": "…", "alertedAt": "…"}]',
		);
	return value.flatMap((entry: unknown, index): AlertRow[] => {
		if (isEmptyRow(entry)) return [];
		const at = (name: string) => field(`alerts[${index}].${name}`, display);
		if (!isRecord(entry)) invalid(field(`alerts[${index}]`, display), 'must be an alert row');
		const text = (name: string) => {
			const given = entry[name];
			if (typeof given !== 'string' || !given.trim()) invalid(at(name), 'is required');
			return given;
		};
		const time = (name: string) => {
			const ms = timeOf(entry[name]);
			if (!Number.isFinite(ms))
				invalid(at(name), `must be an ISO date; got ${JSON.stringify(entry[name])}`);
			return new Date(ms).toISOString();
		};
		return [
			{
				brand: text('brand'),
				label: text('label'),
				spikeStart: time('spikeStart'),
				alertedAt: time('alertedAt'),
			},
		];
	});
}

/** Every parameter of Check Spikes, read once (one check over all input rows) and checked. */
export function readSpikeCheck(context: IExecuteFunctions): SpikeCheck {
	return { now: nowOf(context), settings: settingsOf(context), alerts: alertsOf(context) };
}
