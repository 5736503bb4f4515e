import type { IDataObject } from 'n8n-workflow';

/** One hit of any platform in a common shape, for cross-platform reports. */
export interface Mention extends IDataObject {
	platform: 'notes' | 'articles' | 'channels' | 'accounts' | 'web';
	id: string;
	url: string | null;
	title: string;
	text: string;
	author: string | null;
	publishedAt: string | null;
	likes: number | null;
	comments: number | null;
	shares: number | null;
	reads: number | null;
	source: IDataObject;
}

type Path = string;

const read = (record: IDataObject, path: Path): unknown =>
	path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as IDataObject)[key] : undefined,
			record,
		);

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

export const count = (value: unknown): number | null => {
	const number = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : null;
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

/** Unix seconds, milliseconds or a date text as ISO 8601. */
export function isoTime(value: unknown): string | null {
	if (value === undefined || value === null || value === '') return null;
	const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof number === 'number') {
		const date = new Date(number < 1e12 ? number * 1000 : number);
		return Number.isNaN(date.getTime()) ? null : date.toISOString();
	}
	const date = new Date(String(value));
	return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
