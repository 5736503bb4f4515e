import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started));

const ids = Array.from({ length: 51 }, (_, i) => String(7_100_000_000_000_000_000n + BigInt(i)));

/** [case, parameters, the field the error must name] */
const CASES: Array<[string, INodeParameters, string]> = [
	['blank keyword', { resource: 'search', operation: 'fetch_search', keyword: '   ' }, 'keyword'],
	[
		'keyword over 100 characters',
		{ resource: 'notes', operation: 'search_notes', keyword: 'k'.repeat(101) },
		'keyword',
	],
	[
		'business_type outside its set (422)',
		{
			resource: 'search',
			operation: 'fetch_search',
			keyword: 'acme',
			options: { business_type: 'people' },
		},
		'business_type',
	],
	[
		'sort outside keys and aliases (400)',
		{ resource: 'search', operation: 'fetch_search', keyword: 'acme', options: { sort: 5 } },
		'sort',
	],
	[
		'publish_time outside keys and aliases (400)',
		{
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: 'acme',
			options: { publish_time: 'year' },
		},
		'publish_time',
	],
	[
		'duration outside keys and aliases (400)',
		{
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: 'acme',
			options: { duration: 9 },
		},
		'duration',
	],
	[
		'neither note_id nor share_text',
		{ resource: 'notes', operation: 'get_note_comments', note_id: '', share_text: '' },
		'note_id',
	],
	[
		'neither user_id nor share_text',
		{ resource: 'notes', operation: 'get_user_info', user_id: '', share_text: '' },
		'user_id',
	],
	[
		'none of object_id, export_id, share_url',
		{
			resource: 'channels',
			operation: 'fetch_video_detail',
			object_id: '',
			export_id: '',
			share_url: '',
		},
		'object_id',
	],
	[
		'export_id without export/',
		{
			resource: 'channels',
			operation: 'fetch_video_detail',
			object_id: '',
			export_id: 'abc',
			share_url: '',
		},
		'export_id',
	],
	[
		'channel id not starting sph',
		{ resource: 'channels', operation: 'fetch_channel_id_to_username', channel_id: 'xyz123' },
		'channel_id',
	],
	[
		'finder username of the wrong form',
		{ resource: 'channels', operation: 'fetch_user_videos', username: 'alice' },
		'username',
	],
	[
		'an unsafe number as 64-bit id',
		{ resource: 'shortVideo', operation: 'fetch_one_video', aweme_id: 7321654987123456789 },
		'aweme_id',
	],
	[
		'more than 50 ids through the gateway',
		{
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/douyin/web/fetch_multi_video',
			input: JSON.stringify({ aweme_ids: ids }),
		},
		'aweme_ids',
	],
	[
		'a path outside the data gateway',
		{ resource: 'gateway', operation: 'run', endpointPath: '/api/v2/other', input: '{}' },
		'endpointPath',
	],
];

describe('Social Data: bad input fails before any call, naming the field and the item', () => {
	it.each(CASES)('%s', async (_, parameters, field) => {
		const { error, items } = await runSocialData(sim, parameters);
		expect(items).toHaveLength(0);
		expect(error?.message).toContain(`"${field}"`);
		expect(error?.message).toContain('(item 0)');
		expect(sim.requests).toHaveLength(0);
		expect(sim.ledger.credits()).toBe(0);
	});

	it('checks every item before the first call', async () => {
		const { error } = await runSocialData(
			sim,
			{ resource: 'search', operation: 'fetch_search', keyword: '={{ $json.term }}' },
			{ inputItems: [{ json: { term: 'acme' } }, { json: { term: '' } }] },
		);
		expect(error?.message).toMatch(/"keyword".*\(item 1\)/);
		expect(sim.requests).toHaveLength(0);
	});
});
