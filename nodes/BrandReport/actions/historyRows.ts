import type { INodeExecutionData } from 'n8n-workflow';
import { InputError } from '../../shared/execution/inputError';
import { isRecord } from '../../shared/json/isRecord';
import { namesKind, readMention } from '../render/mention';
import type { HistoryRow } from '../spikes';
import { isoTextOf } from './timeValue';

/** Items without any field (the placeholder of an empty Data Table answer) are not rows. */
export const isPlaceholder = (item: INodeExecutionData) => Object.keys(item.json).length === 0;

/**
 * One history row of the input, checked like a report row; only the fields spike detection and the
 * alert use are kept, so other columns (`createdAt`, `updatedAt`, `text`, …) are left out.
 */
export function readHistoryRow(json: unknown): HistoryRow {
	if (!isRecord(json))
		throw InputError.about({ name: 'json', displayName: 'json' }, 'must be a history row');
	const mention = readMention({
		key: json.key,
		brand: json.brand,
		platform: json.platform,
		kind: json.kind,
		postId: json.postId,
		id: json.id,
		label: json.label,
		firstSeen: isoTextOf(json.firstSeen),
		likes: json.likes,
		comments: json.comments,
		shares: json.shares,
		url: json.url,
		openInApp: json.openInApp,
		title: json.title,
		author: json.author,
		reason: json.reason,
	});
	return {
		key: mention.key,
		brand: mention.brand,
		platform: mention.platform,
		// Rows stored before comments were mentions keep their shape.
		...(namesKind(json) ? { kind: mention.kind, postId: mention.postId } : {}),
		id: mention.id,
		label: mention.label,
		firstSeen: mention.firstSeen,
		likes: mention.likes,
		comments: mention.comments,
		shares: mention.shares,
		url: mention.url,
		openInApp: mention.openInApp,
		...(typeof json.title === 'string' && json.title ? { title: json.title } : {}),
		author: mention.author,
		reason: mention.reason,
	};
}
