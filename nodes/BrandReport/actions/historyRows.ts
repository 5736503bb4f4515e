import { InputError } from '../../shared/execution/inputError';
import { isRecord } from '../../shared/json/isRecord';
import { namesKind, readMention } from '../render/mention';
import type { HistoryRow } from '../spikes';
import { isoTextOf } from './timeValue';

/** The fields of a history row spike detection and the alert use, in the order Check Spikes outputs them. */
const HISTORY_FIELDS = [
	'key',
	'brand',
	'platform',
	'kind',
	'postId',
	'id',
	'label',
	'firstSeen',
	'likes',
	'comments',
	'shares',
	'url',
	'openInApp',
	'title',
	'author',
	'reason',
] as const;

/**
 * One history row of the input, checked like a report row; only the fields spike detection and the
 * alert use are kept, so other columns (`createdAt`, `updatedAt`, `text`, …) are left out.
 */
export function readHistoryRow(json: unknown): HistoryRow {
	if (!isRecord(json))
		throw InputError.about({ name: 'json', displayName: 'json' }, 'must be a history row');
	const given = Object.fromEntries(HISTORY_FIELDS.map((name) => [name, json[name]]));
	const mention = readMention({ ...given, firstSeen: isoTextOf(json.firstSeen) });
	// Rows stored before comments were mentions keep their shape; an untitled row stays untitled.
	const leftOut = (name: (typeof HISTORY_FIELDS)[number]) =>
		((name === 'kind' || name === 'postId') && !namesKind(json)) ||
		(name === 'title' && !(typeof json.title === 'string' && json.title));
	return Object.fromEntries(
		HISTORY_FIELDS.filter((name) => !leftOut(name)).map((name) => [name, mention[name]]),
	) as unknown as HistoryRow;
}
