import type { EndpointDescriptor } from '../descriptor';
import { findEndpoint, same } from '../descriptor';
import type { NewestFirstList } from '../newOnly/listing';

/** What the trigger can watch: a newest-first list, named for the editor. */
export interface TriggerEvent extends NewestFirstList {
	value: string;
	name: string;
	description: string;
	/** A search's list: posts may appear in it late, below posts already seen (the Look-Back Margin). */
	searchIndex?: boolean;
}

function endpoint(name: string): EndpointDescriptor {
	const found = findEndpoint(name);
	if (!found) throw new Error(`The descriptor has no endpoint ${name}`);
	return found;
}

const searchHitId = same('docID', 'doc_id', 'docId', 'id');

export const TRIGGER_EVENTS: TriggerEvent[] = [
	{
		value: 'newNote',
		name: 'New Note Matching a Keyword',
		description: 'A note matching the keyword is published (notes search, newest first)',
		endpoint: endpoint('search_notes'),
		searchIndex: true,
		fixedInput: { sort_type: 'time_descending' },
		id: same('id', 'note.id'),
		time: same('note.timestamp', 'timestamp'),
	},
	{
		value: 'newSearchResult',
		name: 'New Search Result',
		description:
			'A new article, account, video or other hit for the keyword (cross-vertical search, newest first)',
		endpoint: endpoint('fetch_search'),
		searchIndex: true,
		fixedInput: { sort: 'latest' },
		id: searchHitId,
		// `dateTime` may be display text ("4年前") where `pubTime` holds the epoch.
		time: same('pubTime', 'dateTime', 'date_time'),
	},
	{
		value: 'newVideoSearchResult',
		name: 'New Video Search Result',
		description: 'A new video for the keyword (video search, newest first)',
		endpoint: endpoint('fetch_search_videos'),
		searchIndex: true,
		fixedInput: { sort: 'latest' },
		id: searchHitId,
		// `dateTime` may be display text ("4年前") where `pubTime` holds the epoch.
		time: same('pubTime', 'dateTime', 'date_time'),
	},
	{
		value: 'newChannelVideoSearchResult',
		name: 'New Channel Video Matching a Keyword',
		description:
			"A new video of one creator matching the keyword (first page of the creator's search only)",
		endpoint: endpoint('fetch_search_channel_videos'),
		fixedInput: {},
		id: searchHitId,
	},
	{
		value: 'newChannelVideo',
		name: 'New Channel Video',
		description: 'A creator account publishes a video',
		endpoint: endpoint('fetch_user_videos'),
		fixedInput: {},
		id: same('id'),
		time: { raw: ['createtime', 'create_time'], parsed: ['create_time'] },
	},
	{
		value: 'newNoteComment',
		name: 'New Note Comment',
		description: 'Someone comments on a note (newest first)',
		endpoint: endpoint('get_note_comments'),
		fixedInput: { sort_strategy: 'latest_v2' },
		id: same('id', 'comment_id'),
		time: same('create_time', 'time'),
	},
	{
		value: 'newVideoComment',
		name: 'New Channel Video Comment',
		description: 'Someone comments on a channel video',
		endpoint: endpoint('fetch_video_comments'),
		fixedInput: {},
		id: { raw: ['commentId', 'comment_id'], parsed: ['comment_id'] },
		time: { raw: ['createtime', 'create_time'], parsed: ['create_time'] },
	},
	{
		value: 'newArticleComment',
		name: 'New Article Comment',
		description: 'Someone comments on an article',
		endpoint: endpoint('fetch_article_comments'),
		fixedInput: {},
		id: same('content_id', 'id'),
		time: same('create_time'),
		pinned: same('is_top'),
	},
];

export function findTriggerEvent(value: string): TriggerEvent | undefined {
	return TRIGGER_EVENTS.find((event) => event.value === value);
}

/**
 * Fields the trigger's pager owns (cursors, page counters, search sessions) or that only position
 * a page: never offered, never taken from the user.
 */
export function pagerOwnedFields(event: TriggerEvent): Set<string> {
	const pagination = event.endpoint.pagination;
	const owned = new Set<string>(['offset']);
	for (const carry of [...(pagination?.cursors ?? []), ...(pagination?.sticky ?? [])])
		owned.add(carry.field);
	if (pagination?.counter) owned.add(pagination.counter.field);
	return owned;
}

/** The trigger's event watching an endpoint's list, if any: what "Only New Since Last Run" can walk. */
export function triggerEventOf(endpointName: string): TriggerEvent | undefined {
	return TRIGGER_EVENTS.find((event) => event.endpoint.name === endpointName);
}
