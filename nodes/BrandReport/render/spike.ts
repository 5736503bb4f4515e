import { InputError } from '../../shared/execution/inputError';
import { isRecord } from '../../shared/json/isRecord';
import type { LocalTime } from './localTime';
import { spanText } from './localTime';
import type { StoredMention } from './mention';
import { byEngagement, isoTime, readMention } from './mention';
import type { Label, ReportStrings } from './strings';
import { LABELS } from './strings';

/** One spike found by the detection step: a window whose count is above the brand's usual level. */
export interface Spike {
	brand: string;
	label: Label;
	windowStart: string;
	windowEnd: string;
	count: number;
	baselinePerWindow: number;
	threshold: number;
	mentions: StoredMention[];
}

const refuse = (field: string, problem: string) =>
	InputError.about({ name: field, displayName: field }, problem);

function number(row: Record<string, unknown>, field: string): number {
	const value = row[field];
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
		throw refuse(field, `must be a number of 0 or more; got ${JSON.stringify(value)}`);
	return value;
}

export function readSpike(row: unknown): Spike {
	if (!isRecord(row)) throw refuse('json', 'must be a spike (a JSON object)');
	if (typeof row.brand !== 'string' || !row.brand.trim()) throw refuse('brand', 'is required');
	if (!LABELS.includes(row.label as Label))
		throw refuse('label', `must be one of ${LABELS.join(', ')}; got ${JSON.stringify(row.label)}`);
	isoTime(row.windowStart, 'windowStart');
	isoTime(row.windowEnd, 'windowEnd');
	if (!Array.isArray(row.mentions)) throw refuse('mentions', 'must be a list of mention rows');
	return {
		brand: row.brand,
		label: row.label as Label,
		windowStart: row.windowStart as string,
		windowEnd: row.windowEnd as string,
		count: number(row, 'count'),
		baselinePerWindow: number(row, 'baselinePerWindow'),
		threshold: number(row, 'threshold'),
		mentions: row.mentions
			.map((mention, index) => readMention(mention, `mentions[${index}].`))
			.sort(byEngagement),
	};
}

/** "2026-11-25 13:00–14:00 (UTC+8)": a window as the alert shows it, in the team's time zone. */
export const windowText = (spike: Spike, local: LocalTime): string =>
	spanText(local, Date.parse(spike.windowStart), Date.parse(spike.windowEnd));

export const usualText = (spike: Spike) => String(Math.round(spike.baselinePerWindow * 10) / 10);

/** The title over an alert's mentions: comments count in a spike as posts do, and the title says so. */
export const alertListTitle = (strings: ReportStrings, spike: Spike) =>
	spike.mentions.some((mention) => mention.kind === 'comment')
		? strings.alertPostsAndComments
		: strings.alertPosts;
