import type { GroupDescriptor } from './types';
import { DATA_CALL_PRICE, endpointsOf, keywordField, same } from './commonFields';

const endpoint = endpointsOf('notes', {
	price: { ...DATA_CALL_PRICE, note: 'deducted only on a 2xx answer with data' },
	// Wrong ids and unparsable links answer 200 with the upstream error inside `data`, and are billed.
	answerError: {
		path: 'data.success',
		equals: false,
		message: ['data.msg', 'data.message'],
		billed: true,
	},
});

const shareText = (group: string) => ({
	displayName: 'Share Text',
	name: 'share_text',
	type: 'string' as const,
	default: '',
	oneOf: group,
	description: 'Long or short link of the notes platform; used when no ID is given',
});

export const notes: GroupDescriptor = {
	key: 'notes',
	displayName: 'Notes (Xiaohongshu)',
	description:
		"Notes platform (lifestyle notes): search notes, read a note's comments, look up a user's profile",
	endpoints: [
		endpoint({
			name: 'get_note_comments',
			displayName: 'Get Note Comments',
			description: 'Comments of a note',
			mentions: 'noteComment',
			newestFirst: {
				order: { sort_strategy: 'latest_v2' },
				id: same('id', 'comment_id'),
				time: same('create_time', 'time'),
				triggerEvent: {
					value: 'newNoteComment',
					name: 'New Note Comment',
					description: 'Someone comments on a note (newest first)',
				},
			},
			// Real answers carry `cursor` as JSON text holding `index` and `pageArea` (no top-level ones).
			pagination: {
				records: same('data.data.comments'),
				cursors: [
					{ field: 'cursor', from: same('data.data.cursor'), initial: '' },
					{
						field: 'index',
						from: same('data.data.index', 'data.data.cursor.index'),
						initial: 0,
					},
					{ field: 'pageArea', from: same('data.data.pageArea', 'data.data.cursor.pageArea') },
				],
				more: same('data.data.has_more'),
			},
			fields: [
				{
					displayName: 'Note ID',
					name: 'note_id',
					type: 'string',
					default: '',
					oneOf: 'note',
					description: 'ID of the note (wins over Share Text)',
				},
				shareText('note'),
				{
					displayName: 'Cursor',
					name: 'cursor',
					type: 'string',
					default: '',
					paging: true,
					description:
						'Comment cursor: empty on the first page, then the cursor of the previous answer',
				},
				{
					displayName: 'Index',
					name: 'index',
					type: 'integer',
					default: 0,
					minimum: 0,
					paging: true,
					description: 'Comment index: 0 on the first page, then the index of the previous answer',
				},
				{
					displayName: 'Page Area',
					name: 'pageArea',
					type: 'string',
					default: 'UNFOLDED',
					allowed: [
						{ value: 'UNFOLDED', name: 'Unfolded' },
						{ value: 'FOLDED', name: 'Folded' },
					],
					description: 'Comment area',
				},
				{
					displayName: 'Sort Strategy',
					name: 'sort_strategy',
					type: 'string',
					default: 'latest_v2',
					allowed: [
						{ value: 'latest_v2', name: 'Newest First' },
						{ value: 'like_count', name: 'Most Liked' },
						{
							value: 'default',
							name: 'Default',
							description: 'Not recommended: pagination may lose or repeat comments',
						},
					],
					description: 'Order of the comments',
				},
			],
		}),
		endpoint({
			name: 'get_user_info',
			displayName: 'Get User Info',
			description: 'Nickname, avatar, bio, follower, following and note counts of a user',
			fields: [
				{
					displayName: 'User ID',
					name: 'user_id',
					type: 'string',
					default: '',
					oneOf: 'user',
					description: 'ID of the user (wins over Share Text)',
				},
				shareText('user'),
			],
		}),
		endpoint({
			name: 'search_notes',
			mentions: 'note',
			displayName: 'Search Notes',
			description: 'Notes matching a keyword',
			newestFirst: {
				order: { sort_type: 'time_descending' },
				id: same('id', 'note.id'),
				time: same('note.timestamp', 'timestamp'),
				searchIndex: true,
				triggerEvent: {
					value: 'newNote',
					name: 'New Note Matching a Keyword',
					description: 'A note matching the keyword is published (notes search, newest first)',
				},
			},
			// The app answers put the paging facts beside the inner data (`search_id`, `page`,
			// `next_page`, no `has_more`); other variants put them inside it, or carry none at all.
			pagination: {
				records: same('data.data.items'),
				counter: { field: 'page', start: 1 },
				sticky: [
					{ field: 'search_id', from: same('data.search_id', 'data.data.search_id') },
					{
						field: 'search_session_id',
						from: same('data.search_session_id', 'data.data.search_session_id'),
					},
				],
				more: same('data.next_page', 'data.has_more', 'data.data.has_more', 'data.data.next_page'),
				moreWhileRecords: true,
			},
			fields: [
				keywordField,
				{
					displayName: 'Page',
					name: 'page',
					type: 'integer',
					default: 1,
					minimum: 1,
					paging: true,
					description: 'Page to fetch, from 1',
				},
				{
					displayName: 'Sort Type',
					name: 'sort_type',
					type: 'string',
					default: 'general',
					allowed: [
						{ value: 'general', name: 'General' },
						{ value: 'time_descending', name: 'Newest' },
						{ value: 'popularity_descending', name: 'Most Popular' },
						{ value: 'comment_descending', name: 'Most Commented' },
						{ value: 'collect_descending', name: 'Most Collected' },
						{ value: 'english_preferred', name: 'English Preferred' },
					],
					description: 'Order of the results',
				},
				{
					displayName: 'Note Type',
					name: 'note_type',
					type: 'string',
					default: '不限',
					allowed: [
						{ value: '不限', name: 'All' },
						{ value: '视频笔记', name: 'Video' },
						{ value: '普通笔记', name: 'Image' },
						{ value: '直播笔记', name: 'Live' },
					],
					description: 'Kind of note',
				},
				{
					displayName: 'Time Filter',
					name: 'time_filter',
					type: 'string',
					default: '不限',
					allowed: [
						{ value: '不限', name: 'Any Time' },
						{ value: '一天内', name: 'Last 24 Hours' },
						{ value: '一周内', name: 'Last 7 Days' },
						{ value: '半年内', name: 'Last 6 Months' },
					],
					description: 'Publication window',
				},
				{
					displayName: 'Search ID',
					name: 'search_id',
					type: 'string',
					default: '',
					paging: true,
					description: 'Search ID of the first answer, needed on later pages',
				},
				{
					displayName: 'Search Session ID',
					name: 'search_session_id',
					type: 'string',
					default: '',
					paging: true,
					description: 'Search session ID of the first answer, needed on later pages',
				},
				{
					displayName: 'Source',
					name: 'source',
					type: 'string',
					default: 'explore_feed',
					description: 'Search source',
				},
				{
					displayName: 'AI Mode',
					name: 'ai_mode',
					type: 'flag',
					default: false,
					description: 'Whether to search in AI mode (sent as 1, or 0 when off)',
				},
			],
		}),
	],
};
