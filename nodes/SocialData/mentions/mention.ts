import { valuesAt } from '../descriptor/answerPaths';
import type { IDataObject } from 'n8n-workflow';
import type { Mention } from '../../shared/mention';

/** The request a record answered: its input fields by name (`business_type`, …). */
export type MentionRequest = Readonly<Record<string, unknown>>;

/** A mention as Social Data outputs it: the shared shape and the record it was read from. */
export interface MentionItem extends Mention, IDataObject {
	source: IDataObject;
}

type Path = string;

/** The value at a dot path; a step may go into a string holding a JSON object (`jumpInfo.extInfo`). */
const read = (record: IDataObject, path: Path): unknown => valuesAt(record, path)[0];

/** The first of several paths that holds a value (the raw and parsed answers name fields differently). */
export function pick(record: IDataObject, paths: Path[]): unknown {
	for (const path of paths) {
		const value = read(record, path);
		if (value !== undefined && value !== null && value !== '') return value;
	}
	return undefined;
}

export const text = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value);

export const textOrNull = (value: unknown): string | null =>
	value === undefined || value === null || value === '' ? null : String(value);

/** What a display unit multiplies: 万 and w are ten thousand, 亿 a hundred million. */
const COUNT_UNITS: Record<string, number> = { '': 1, 万: 1e4, w: 1e4, 亿: 1e8, k: 1e3 };

/**
 * A count as the platforms write it: a number, digits, or display text such as "1,234", "1.2万",
 * "10万+" (at least 100,000: the lower bound is the count) or "3亿".
 */
export const count = (value: unknown): number | null => {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value !== 'string') return null;
	const display = /^(\d+(?:\.\d+)?)\s*(万|亿|w|k)?\+?$/i.exec(value.trim().replace(/[,\s]/g, ''));
	if (!display) return null;
	return Math.round(Number(display[1]) * COUNT_UNITS[(display[2] ?? '').toLowerCase()]);
};

/** Highlight markup (`<em class="highlight">…</em>`) and other tags removed, entities decoded. */
export function stripMarkup(value: string): string {
	return value
		.replace(/<[^>]*>/g, '')
		.replace(/&quot;/g, '"')
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
		.trim();
}

/** A name as people read it: without the markup search answers put in it (see stripMarkup); null when none is left. */
export const plainNameOrNull = (value: unknown): string | null =>
	textOrNull(stripMarkup(text(value)));

/**
 * Unix seconds, milliseconds or a dated text as ISO 8601; null for anything else. Display text
 * without a year ("4年前", "昨天 12:00", "12-05") is not a time of its own: JavaScript would read
 * "12-05" as a day of 2001.
 */
export function isoTime(value: unknown): string | null {
	if (value === undefined || value === null || value === '') return null;
	const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof number === 'number') {
		if (!(number > 0)) return null;
		const date = new Date(number < 1e12 ? number * 1000 : number);
		return Number.isNaN(date.getTime()) ? null : date.toISOString();
	}
	if (typeof number !== 'string' || !/\d{4}/.test(number)) return null;
	const date = new Date(number);
	return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The first of several fields that holds a time: an epoch field wins over display text such as "4年前". */
export function firstTime(record: IDataObject, paths: Path[]): string | null {
	for (const path of paths) {
		const time = isoTime(read(record, path));
		if (time) return time;
	}
	return null;
}

/** A title, or the first line of the text when the platform gave none (notes often have no title). */
export function titleOr(title: string, text: string): string {
	if (title) return title;
	const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
	return firstLine.trim().slice(0, 100);
}
