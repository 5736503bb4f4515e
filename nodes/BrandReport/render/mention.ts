import { InputError } from '../../shared/execution/inputError';
import { isRecord } from '../../shared/json/isRecord';
import type { Mention } from '../../shared/mention';
import { MENTION_KINDS, PLATFORMS } from '../../shared/mention';
import type { Label } from './strings';
import { LABELS } from './strings';

/** One stored mention, as the history Data Table keeps it (one row each): a mention and what the flow added. */
export interface StoredMention extends Mention {
	key: string;
	brand: string;
	label: Label;
	reason: string;
	firstSeen: string;
	/** Milliseconds of firstSeen, for period and trend. */
	seenAt: number;
}

const refuse = (field: string, problem: string) =>
	InputError.about({ name: field, displayName: field }, problem);

function text(row: Record<string, unknown>, field: string, prefix: string, required = false) {
	const value = row[field];
	if (value === undefined || value === null || value === '') {
		if (required) throw refuse(prefix + field, 'is required');
		return null;
	}
	if (typeof value !== 'string')
		throw refuse(prefix + field, `must be a string; got ${JSON.stringify(value)}`);
	return value;
}

function count(row: Record<string, unknown>, field: string, prefix: string): number | null {
	const value = row[field];
	if (value === undefined || value === null) return null;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
		throw refuse(
			prefix + field,
			`must be a number of 0 or more, or null; got ${JSON.stringify(value)}`,
		);
	return value;
}

function httpUrl(row: Record<string, unknown>, field: string, prefix: string): string | null {
	const value = text(row, field, prefix);
	if (value !== null && !/^https?:\/\/[^\s]+$/i.test(value))
		throw refuse(
			prefix + field,
			`must be an http(s) address or null; got ${JSON.stringify(value)}`,
		);
	return value;
}

function oneOf<T extends string>(
	row: Record<string, unknown>,
	field: string,
	prefix: string,
	allowed: readonly T[],
): T {
	const value = row[field];
	if (!allowed.includes(value as T))
		throw refuse(
			prefix + field,
			`must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`,
		);
	return value as T;
}

/**
 * The post's id. A Data Table's own `id` column is the row's number (no column of the user's may be
 * called `id`), so unless `id` is text the post's id is the part of `key` after its platform.
 */
export function postIdOf(row: Record<string, unknown>, prefix = ''): unknown {
	if (typeof row.id === 'string') return row.id;
	const key = row.key;
	if (typeof key === 'string' && key.includes(':')) return key.slice(key.indexOf(':') + 1);
	throw refuse(
		prefix + 'key',
		'is required as platform:id (a Data Table row’s own "id" is its row number, not the post’s)',
	);
}

/** Milliseconds of an ISO date, refused naming the field when it is not one. */
export function isoTime(value: unknown, field: string): number {
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	if (!Number.isFinite(time))
		throw refuse(
			field,
			`must be an ISO date such as 2026-11-25T08:00:00Z; got ${JSON.stringify(value)}`,
		);
	return time;
}

/** Rows stored before comments were mentions name no kind (a column added later is empty): they are posts. */
export const namesKind = (row: Record<string, unknown>): boolean =>
	row.kind !== undefined && row.kind !== null && row.kind !== '';

/**
 * Reads one history row and refuses what the report cannot show truthfully; `prefix` names where
 * the row sits (e.g. `mentions[3].` inside a spike).
 */
export function readMention(row: unknown, prefix = ''): StoredMention {
	if (!isRecord(row)) throw refuse(prefix || 'json', 'must be a mention row (a JSON object)');
	const platform = oneOf(row, 'platform', prefix, PLATFORMS);
	const id = text({ id: postIdOf(row, prefix) }, 'id', prefix, true)!;
	const title = text(row, 'title', prefix) ?? '';
	const body = text(row, 'text', prefix) ?? '';
	const firstSeen = text(row, 'firstSeen', prefix, true)!;
	return {
		key: text(row, 'key', prefix) ?? `${platform}:${id}`,
		brand: text(row, 'brand', prefix, true)!,
		platform,
		kind: namesKind(row) ? oneOf(row, 'kind', prefix, MENTION_KINDS) : 'post',
		postId: text(row, 'postId', prefix),
		id,
		label: oneOf(row, 'label', prefix, LABELS),
		reason: text(row, 'reason', prefix) ?? '',
		title: title || body.slice(0, 80) || '(untitled)',
		text: body,
		url: httpUrl(row, 'url', prefix),
		openInApp: text(row, 'openInApp', prefix),
		author: text(row, 'author', prefix),
		likes: count(row, 'likes', prefix),
		comments: count(row, 'comments', prefix),
		shares: count(row, 'shares', prefix),
		reads: count(row, 'reads', prefix),
		publishedAt: text(row, 'publishedAt', prefix),
		firstSeen,
		seenAt: isoTime(firstSeen, prefix + 'firstSeen'),
	};
}

/** When the post was published, or (unknown) first seen: the time "answer first" shows. */
export function postedAt(mention: StoredMention): number {
	const published = mention.publishedAt === null ? NaN : Date.parse(mention.publishedAt);
	return Number.isFinite(published) ? published : mention.seenAt;
}

/** The sort key of "most engaged": reads weigh a hundredth of a like, as in the report before. */
export function engagement(mention: StoredMention): number {
	return (
		(mention.likes ?? 0) +
		(mention.comments ?? 0) +
		(mention.shares ?? 0) +
		Math.round((mention.reads ?? 0) / 100)
	);
}

export const byEngagement = (a: StoredMention, b: StoredMention) => engagement(b) - engagement(a);

/** Newest first by the time "answer first" shows: a comment waiting longest is not the most urgent to see. */
export const byNewest = (a: StoredMention, b: StoredMention) => postedAt(b) - postedAt(a);

/** What to open in the app where there is no web link: the app id, else (a comment) its post, else the mention. */
export const appTarget = (mention: Mention): string =>
	mention.openInApp ?? (mention.kind === 'comment' ? mention.postId : null) ?? mention.id;

/** A text on one line, cut to `max` characters with an ellipsis. */
export function shortened(text: string, max: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	const characters = [...line];
	return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : line;
}
