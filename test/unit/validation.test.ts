import { buildInput } from '../../nodes/SocialData/pipeline/validateInput';
import { endpoint, rejection } from './support/inputRejection';

describe('input validation from the descriptor', () => {
	it('trims the keyword and bounds it to 1–100 characters', () => {
		expect(buildInput(endpoint('fetch_search'), { keyword: '  brand  ' }).keyword).toBe('brand');
		expect(rejection('fetch_search', { keyword: '   ' }).field).toBe('keyword');
		expect(rejection('fetch_search', { keyword: 'x'.repeat(101) }).message).toMatch(
			/"keyword".*1 to 100 characters/,
		);
		expect(buildInput(endpoint('fetch_search'), { keyword: 'x'.repeat(100) }).keyword).toHaveLength(
			100,
		);
	});

	it('accepts the search enums by key or integer alias and refuses anything else', () => {
		const ok = buildInput(endpoint('fetch_search_videos'), {
			keyword: 'a',
			sort: 2,
			publish_time: 'day',
			duration: '3',
		});
		expect(ok).toMatchObject({ sort: 2, publish_time: 'day', duration: 3 });
		expect(rejection('fetch_search', { keyword: 'a', business_type: 'people' }).field).toBe(
			'business_type',
		);
		expect(rejection('fetch_search', { keyword: 'a', sort: 3 }).field).toBe('sort');
		expect(rejection('fetch_search', { keyword: 'a', publish_time: 'month' }).field).toBe(
			'publish_time',
		);
		expect(rejection('fetch_search_videos', { keyword: 'a', duration: 4 }).field).toBe('duration');
	});

	it('applies one-of groups with the spec precedence', () => {
		expect(rejection('get_note_comments', {}).message).toMatch(/"note_id", "share_text"/);
		expect(
			buildInput(endpoint('get_note_comments'), { note_id: 'n1', share_text: 'https://x' }),
		).toEqual({ note_id: 'n1' });
		expect(
			buildInput(endpoint('fetch_video_detail'), {
				export_id: 'export/abc',
				share_url: 'https://s',
			}),
		).toEqual({ export_id: 'export/abc', raw: false });
		expect(rejection('fetch_video_detail', { object_nonce_id: '1' }).message).toMatch(
			/"object_id", "export_id", "share_url"/,
		);
	});

	it('checks prefixes and patterns', () => {
		expect(rejection('fetch_video_detail', { export_id: 'abc' }).message).toMatch(
			/"export_id".*export\//,
		);
		expect(rejection('fetch_channel_id_to_username', { channel_id: 'abc' }).field).toBe(
			'channel_id',
		);
		expect(rejection('fetch_channel_info', { username: 'someone' }).message).toMatch(
			/v2_<hex>@finder/,
		);
		expect(buildInput(endpoint('fetch_channel_info'), { username: 'v2_0a1b@finder' })).toEqual({
			username: 'v2_0a1b@finder',
			raw: false,
		});
	});

	it('refuses more than 50 ids in one call', () => {
		const ids = Array.from({ length: 51 }, (_, i) =>
			String(7_000_000_000_000_000_000n + BigInt(i)),
		);
		expect(rejection('fetch_multi_video', { aweme_ids: ids.join(',') }).message).toMatch(
			/51 ids; at most 50/,
		);
		expect(
			buildInput(endpoint('fetch_multi_video'), { aweme_ids: ids.slice(0, 50).join(', ') })
				.aweme_ids,
		).toHaveLength(50);
		expect(
			buildInput(endpoint('fetch_multi_video_high_quality_play_url'), {
				aweme_ids: ids.slice(0, 2),
			}).aweme_ids,
		).toBe(ids.slice(0, 2).join(','));
	});

	it('refuses 64-bit ids that already lost precision and keeps safe ones as strings', () => {
		const { message } = rejection('fetch_one_video', { aweme_id: 7321654987123456789 });
		expect(message).toMatch(/arrived as a JSON number.*rounded.*Send it as a string/);
		// Neither the caller's digits (which never reached the node) nor the rounded ones are quoted.
		expect(message).not.toMatch(/\d{16,}/);
		expect(buildInput(endpoint('fetch_one_video'), { aweme_id: 12345 }).aweme_id).toBe('12345');
		expect(
			buildInput(endpoint('fetch_one_video'), { aweme_id: '7321654987123456789' }).aweme_id,
		).toBe('7321654987123456789');
	});

	it('takes a number for a text field as text, as answers give cursors', () => {
		const input = buildInput(endpoint('fetch_user_post_videos'), {
			sec_user_id: 'MS4w',
			max_cursor: 1717171717000,
		});
		expect(input.max_cursor).toBe('1717171717000');
		expect(
			rejection('fetch_user_post_videos', { sec_user_id: 'MS4w', max_cursor: 2 ** 60 }).message,
		).toMatch(/arrived as a JSON number.*rounded/);
		expect(
			rejection('fetch_user_post_videos', { sec_user_id: 'MS4w', max_cursor: { at: 1 } }).message,
		).toMatch(/"max_cursor".*must be text/);
	});

	it('checks types and bounds of numbers and booleans', () => {
		expect(rejection('fetch_search', { keyword: 'a', offset: -1 }).field).toBe('offset');
		expect(
			rejection('fetch_one_video_danmaku', {
				item_id: '1',
				duration: 'long',
				start_time: 0,
				end_time: 1,
			}).field,
		).toBe('duration');
		expect(rejection('fetch_one_video', { aweme_id: '1', need_anchor_info: 'yes' }).field).toBe(
			'need_anchor_info',
		);
		expect(
			rejection('fetch_one_video_danmaku', { item_id: '1', start_time: 0, end_time: 1 }).message,
		).toMatch(/"duration".*required/);
	});
});
