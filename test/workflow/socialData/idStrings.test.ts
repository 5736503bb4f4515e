import type { IDataObject } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

/** The spec's 64-bit identifiers: strings in the output whatever their size, so Merge, Compare and sorting see one type. */
const NAMED_IDS = [
	'id',
	'object_nonce_id',
	'comment_id',
	'msgId',
	'live_id',
	'doc_id',
	'docID',
	'feedNonceId',
	'content_id',
	'reply_id',
];

/** Every value under a named id key, with where it sits. */
function namedIds(
	value: unknown,
	at = '$',
	out: Array<[string, unknown]> = [],
): Array<[string, unknown]> {
	if (Array.isArray(value))
		value.forEach((entry, index) => namedIds(entry, `${at}[${index}]`, out));
	else if (value !== null && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			if (NAMED_IDS.includes(key) && entry !== null) out.push([`${at}.${key}`, entry]);
			namedIds(entry, `${at}.${key}`, out);
		}
	}
	return out;
}

const big = (digits: string) => BigInt(digits);

/** A page of article comments mixing ids below 2^53 (JSON numbers) with ids above it (raw digits). */
const mixedComments = {
	comment_id: 42,
	comments: [
		{
			content_id: 1001,
			id: 7,
			nick_name: 'small',
			content: 'first',
			replies: [{ reply_id: 99, content: 'reply' }],
		},
		{
			content_id: big('7234567890123456789'),
			id: big('9007199254740993'),
			nick_name: 'big',
			content: 'second',
			replies: [{ reply_id: big('18014398509481985'), content: 'reply' }],
		},
	],
};

function expectAllStrings(value: unknown, expectedCount: number) {
	const ids = namedIds(value);
	expect(ids.length).toBe(expectedCount);
	for (const [at, id] of ids) expect(`${at}: ${typeof id}`).toBe(`${at}: string`);
}

describe('Social Data: the named 64-bit id fields always come out as strings', () => {
	it('records: below 2^53 as well as above, digit for digit', async () => {
		sim.faults.queue({ endpoint: 'fetch_article_comments', data: mixedComments });
		const { items, error } = await runSocialData(sim, {
			resource: 'articles',
			operation: 'fetch_article_comments',
			url: sim.dataset.ids.articleUrl,
			returnAll: false,
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [
				item.json.content_id,
				item.json.id,
				(item.json.replies as IDataObject[])[0].reply_id,
			]),
		).toEqual([
			['1001', '7', '99'],
			['7234567890123456789', '9007199254740993', '18014398509481985'],
		]);
		expectAllStrings(
			items.map((item) => item.json),
			6,
		);
	});

	it('pages (One Item per Record off): the page-level comment_id and every record inside', async () => {
		sim.faults.queue({ endpoint: 'fetch_article_comments', data: mixedComments });
		const { items } = await runSocialData(sim, {
			resource: 'articles',
			operation: 'fetch_article_comments',
			url: sim.dataset.ids.articleUrl,
			returnAll: false,
			limit: 2,
			options: { splitRecords: false },
		});
		expect(items).toHaveLength(1);
		expect((items[0].json.data as IDataObject).comment_id).toBe('42');
		expectAllStrings(items[0].json, 7);
	});

	it('normalised mentions: the source record keeps its ids as strings', async () => {
		sim.faults.queue({
			endpoint: 'fetch_search_videos',
			data: {
				items: [
					{
						type: 'video',
						docID: 123,
						title: 'small id',
						exportId: 'export/abc',
						jumpInfo: { extInfo: { feedNonceId: 456 } },
					},
					{
						type: 'video',
						docID: big('12345678901234567890'),
						title: 'big id',
						exportId: 'export/def',
						jumpInfo: { extInfo: { feedNonceId: big('9223372036854775807') } },
					},
				],
				continue_flag: 0,
			},
		});
		const { items } = await runSocialData(sim, {
			resource: 'search',
			operation: 'fetch_search_videos',
			keyword: sim.dataset.ids.keyword,
			returnAll: false,
			limit: 5,
			options: { raw: false, mentions: true },
		});
		expect(items.map((item) => item.json.id)).toEqual(['123', '12345678901234567890']);
		expect(
			items.map(
				(item) =>
					((item.json.source as IDataObject).jumpInfo as { extInfo: IDataObject }).extInfo
						.feedNonceId,
			),
		).toEqual(['456', '9223372036854775807']);
		expectAllStrings(
			items.map((item) => item.json),
			6,
		);
	});

	it('one answer with every named id at any depth; other numbers stay numbers', async () => {
		sim.faults.queue({
			endpoint: 'fetch_video_detail',
			data: {
				id: 1,
				object_nonce_id: 2,
				comment_id: 3,
				msgId: 4,
				live_id: 5,
				doc_id: 6,
				docID: 7,
				feedNonceId: 8,
				content_id: 9,
				reply_id: 10,
				nested: { deeper: [{ id: 0 }, { id: -11 }] },
				read_count: 12,
				like_count: big('9007199254740993'),
				ratio: 0.5,
				object_id: 13,
			},
		});
		const { items } = await runSocialData(sim, {
			resource: 'channels',
			operation: 'fetch_video_detail',
			object_id: sim.dataset.ids.objectId,
			export_id: '',
			share_url: '',
			options: { raw: false },
		});
		const json = items[0].json;
		expect(NAMED_IDS.map((name) => json[name])).toEqual([
			'1',
			'2',
			'3',
			'4',
			'5',
			'6',
			'7',
			'8',
			'9',
			'10',
		]);
		expect(json.nested).toEqual({ deeper: [{ id: '0' }, { id: '-11' }] });
		expect(json).toMatchObject({
			read_count: 12,
			like_count: '9007199254740993',
			ratio: 0.5,
			object_id: 13,
		});
	});

	it('the gateway › run operation too', async () => {
		sim.faults.queue({
			endpoint: 'fetch_live_detail',
			data: { live_id: 5, id: 0, online_count: 3 },
		});
		const { items } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/wechat_channels/v2/fetch_live_detail',
			input: JSON.stringify({ live_id: sim.dataset.ids.liveId, raw: false }),
		});
		expect(items[0].json).toMatchObject({ live_id: '5', id: '0', online_count: 3 });
	});
});
