import type { FieldDescriptor, GroupDescriptor } from './types';
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

/** The platform's note, user and comment ids: 24 hexadecimal characters. */
const hexId = (
	displayName: string,
	name: string,
	description: string,
	group?: string,
): FieldDescriptor => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...(group ? { oneOf: group } : { required: true }),
	pattern: '^[0-9a-f]{24}$',
	patternHint: '24 hexadecimal characters',
	placeholder: '64a1b2c3000000001203ef7d',
	description,
});

const noteIdField = hexId('Note ID', 'note_id', 'ID of the note (wins over Share Text)', 'note');

/** Where the public names and parameters of the endpoints beyond the interface document are. */
const tikHubReference = (operationId: string) =>
	`github TikHub/TikHub-API-Python-SDK @ 2d92927, spec/openapi.json, ${operationId}`;

/**
 * The app's note detail (2023 capture): `data` is a list of one feed, the note in its `note_list`.
 * Read from that one place, so an answer of another shape is reported, not taken for no note.
 */
const noteDetail = (kind: 'image' | 'video') =>
	endpoint({
		name: `get_${kind}_note_detail`,
		mentions: 'note',
		displayName: `Get ${kind === 'image' ? 'Image' : 'Video'} Note Detail`,
		description: `Text, ${kind === 'image' ? 'images' : 'video'}, author, time and counts of a ${kind} note`,
		records: same('data.data.0.note_list'),
		fields: [noteIdField, shareText('note')],
		source: {
			reference: tikHubReference(
				`get_${kind}_note_detail_api_v1_xiaohongshu_app_v2_get_${kind}_note_detail_get`,
			),
			answers:
				'no capture of the app_v2 endpoint; the shape of the app note detail it forwards: simulator/recorded/notes/get_note_detail.app-2023.json',
		},
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
			name: 'get_note_sub_comments',
			displayName: 'Get Note Sub-Comments',
			description: 'Replies under a comment of a note',
			mentions: 'noteComment',
			// The later page's cursor and index sit in `data.data.cursor`, an object (or its JSON text);
			// the web variant gives the cursor as plain text there.
			pagination: {
				records: same('data.data.comments'),
				cursors: [
					{
						field: 'cursor',
						from: same('data.data.cursor.cursor', 'data.data.cursor'),
						initial: '',
					},
					{ field: 'index', from: same('data.data.cursor.index', 'data.data.index'), initial: 1 },
				],
				more: same('data.data.has_more'),
			},
			fields: [
				noteIdField,
				shareText('note'),
				hexId('Comment ID', 'comment_id', 'ID of the comment whose replies to read'),
				{
					displayName: 'Cursor',
					name: 'cursor',
					type: 'string',
					default: '',
					paging: true,
					description:
						'Reply cursor: empty on the first page, then the cursor inside the cursor of the previous answer',
				},
				{
					displayName: 'Index',
					name: 'index',
					type: 'integer',
					default: 1,
					minimum: 1,
					paging: true,
					description:
						'Reply index: 1 on the first page, then the index inside the cursor of the previous answer',
				},
			],
			source: {
				reference: tikHubReference(
					'get_note_sub_comments_api_v1_xiaohongshu_app_v2_get_note_sub_comments_get',
				),
				answers:
					'no capture of the app_v2 endpoint; the app and web reply lists it forwards: simulator/recorded/notes/get_note_sub_comments.app-2023.json, get_note_sub_comments.web-2024.json',
			},
		}),
		endpoint({
			name: 'get_user_posted_notes',
			mentions: 'note',
			displayName: 'Get User Posted Notes',
			description: 'Notes a user posted, newest first (pinned notes on top)',
			newestFirst: {
				order: {},
				// The posted-notes lists (app and web) carry no creation time.
				id: same('id', 'note_id'),
				pinned: same('sticky'),
				triggerEvent: {
					value: 'newUserNote',
					name: 'New Note by a User',
					description: 'A user posts a note (their posted notes, newest first)',
				},
			},
			// The web variant gives the next cursor beside the list; in the app answer each note carries
			// it (its own id), so the last note's is the next page's. The app capture has no more-pages
			// flag: then pages go on while they hold notes.
			pagination: {
				records: same('data.data.notes'),
				cursors: [
					{
						field: 'cursor',
						from: same('data.data.cursor', 'data.data.notes.-1.cursor'),
						initial: '',
					},
				],
				more: same('data.data.has_more'),
				moreWhileRecords: true,
			},
			fields: [
				hexId('User ID', 'user_id', 'ID of the user (wins over Share Text)', 'user'),
				shareText('user'),
				{
					displayName: 'Cursor',
					name: 'cursor',
					type: 'string',
					default: '',
					paging: true,
					description:
						"Note cursor: empty on the first page, then the cursor of the previous answer's last note",
				},
			],
			source: {
				reference: tikHubReference(
					'get_user_posted_notes_api_v1_xiaohongshu_app_v2_get_user_posted_notes_get',
				),
				answers:
					'no capture of the app_v2 endpoint; the app list it forwards: simulator/recorded/notes/get_user_posted_notes.app-2023.json',
			},
		}),
		noteDetail('image'),
		noteDetail('video'),
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
