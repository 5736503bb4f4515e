import { nextPage } from '../../nodes/SocialData/pipeline/pageWalk';
import { recordsAt } from '../../nodes/SocialData/descriptor/answerPaths';
import { count, isoTime } from '../../nodes/SocialData/mentions/mention';
import { mentionMapperOf } from '../../nodes/SocialData/mentions/platforms';
import { unusedMoreFlags } from '../../nodes/SocialData/pipeline/unusedMoreFlags';
import { recordedAnswer } from '../../simulator/shapes/template';
import type { IDataObject } from 'n8n-workflow';
import { channelMediaOf } from '../../nodes/SocialData/download/channelDownload';
import type { GroupKey } from '../../nodes/SocialData/descriptor';
import { endpoint } from './support/inputRejection';

/** Reading the answers of every variant genuine captures show (simulator/recorded/README.md). */

const comments = endpoint('get_note_comments');
const paged = { pagination: comments.pagination!, fields: comments.fields };
const commentsAnswer = (data: Record<string, unknown>) => ({
	data: { code: 0, success: true, data: { comments: [{ id: 'a' }], has_more: true, ...data } },
});

describe('note comments: the cursor of each variant', () => {
	it('index and pageArea come out of the JSON-text cursor, in their wire types', () => {
		const step = nextPage(
			paged,
			'raw',
			{ note_id: 'n', cursor: '', index: 0 },
			commentsAnswer({ cursor: '{"cursor":"c1","index":2,"pageArea":"FOLDED"}' }),
			true,
			new Set(),
		);
		expect(step).toEqual({
			next: {
				note_id: 'n',
				cursor: '{"cursor":"c1","index":2,"pageArea":"FOLDED"}',
				index: 2,
				pageArea: 'FOLDED',
			},
		});
	});

	it('top-level index and pageArea (the spec) win over the cursor text', () => {
		const step = nextPage(
			paged,
			'raw',
			{ note_id: 'n', cursor: '', index: 0 },
			commentsAnswer({ cursor: '{"index":9}', index: 3, pageArea: 'UNFOLDED' }),
			true,
			new Set(),
		);
		expect(step).toMatchObject({ next: { index: 3, pageArea: 'UNFOLDED' } });
	});

	it("a value the answer does not give keeps the user's choice (FOLDED stays FOLDED)", () => {
		const step = nextPage(
			paged,
			'raw',
			{ note_id: 'n', cursor: '', index: 0, pageArea: 'FOLDED' },
			commentsAnswer({ cursor: '{"cursor":"c1","index":1}' }),
			true,
			new Set(),
		);
		expect(step).toMatchObject({ next: { index: 1, pageArea: 'FOLDED' } });
	});
});

describe('records at a known place, or an unknown shape', () => {
	const paths = ['data.data.items'];
	it('an array is the page, null or an empty array a page without records', () => {
		expect(recordsAt({ data: { data: { items: [1, 2] } } }, paths)).toEqual([1, 2]);
		expect(recordsAt({ data: { data: { items: null } } }, paths)).toEqual([]);
		expect(recordsAt({ data: { data: { items: [] } } }, paths)).toEqual([]);
	});
	it('no path fitting the answer is an unknown shape (undefined), not an empty page', () => {
		expect(recordsAt({ data: { data: { notes: [1] } } }, paths)).toBeUndefined();
		expect(recordsAt({ data: { data: { items: 'x' } } }, paths)).toBeUndefined();
	});
});

describe('counts and times as the platforms write them', () => {
	it.each([
		[1234, 1234],
		['1234', 1234],
		['1,234', 1234],
		['1.2万', 12_000],
		['10万+', 100_000],
		['3亿', 300_000_000],
		['2.5w', 25_000],
		['', null],
		['赞', null],
		[null, null],
	])('count(%j) is %j', (value, expected) => expect(count(value)).toBe(expected));

	it.each([
		[1650331621, '2022-04-19T01:27:01.000Z'],
		['1650331621', '2022-04-19T01:27:01.000Z'],
		[1650331621000, '2022-04-19T01:27:01.000Z'],
		['2025-04-16', '2025-04-16T00:00:00.000Z'],
		['4年前', null],
		['昨天 12:00', null],
		['12-05', null],
		[0, null],
	])('isoTime(%j) is %j', (value, expected) => expect(isoTime(value)).toBe(expected));
});

describe('the variants genuine channel and article answers show', () => {
	const recordPaths = (name: string, group?: GroupKey) =>
		endpoint(name, group).pagination!.records.raw;

	it('channel video comments: the v1 `comment_info` list beside the spec `commentInfo`', () => {
		const comment = { comment_id: '14123456789012345678', content: 'x' };
		expect(
			recordsAt(
				{ data: { comment_info: [comment] } },
				recordPaths('fetch_video_comments', 'channels'),
			),
		).toEqual([comment]);
	});

	it('article comments: the older `elected_comment` list beside the spec `comments`', () => {
		const comment = { content_id: '6611111111111111111', content: 'x' };
		expect(
			recordsAt({ data: { elected_comment: [comment] } }, recordPaths('fetch_article_comments')),
		).toEqual([comment]);
	});

	it('channel video detail: the web variant holds one `object` with the media', () => {
		const data = {
			object: {
				id: '14123456789012345678',
				objectDesc: {
					media: [
						{ url: 'https://media.example.com/v?a=1', urlToken: '&token=t', decodeKey: '42' },
					],
				},
			},
		};
		expect(channelMediaOf(data)).toEqual({
			url: 'https://media.example.com/v?a=1&token=t',
			decodeKey: '42',
		});
	});
});

describe('channel user videos: every more-pages flag genuine answers use', () => {
	const videos = endpoint('fetch_user_videos');
	const walked = { pagination: videos.pagination!, fields: videos.fields };
	const step = (flags: Record<string, unknown>) =>
		nextPage(
			walked,
			'raw',
			{ username: 'v2_0a@finder', last_buffer: '' },
			{ data: { object: [{ id: '14123456789012345678' }], lastBuffer: 'CgA=', ...flags } },
			true,
			new Set(),
		);

	it.each([
		[{ continueFlag: 1 }],
		[{ continueFlag: 1, upContinueFlag: 0 }],
		[{ upContinueFlag: 1 }],
	])('%j says more: the next page carries lastBuffer', (flags) => {
		expect(step(flags)).toEqual({ next: { username: 'v2_0a@finder', last_buffer: 'CgA=' } });
	});

	it.each([[{ continueFlag: 0 }], [{ continueFlag: 0, upContinueFlag: 0 }], [{}]])(
		'%j is the last page',
		(flags) => expect(step(flags)).toEqual({ stop: 'end' }),
	);

	it('the genuine app capture (a last page): its video, and the end', () => {
		const body = { data: recordedAnswer('channels/fetch_user_videos.app.json') };
		expect(recordsAt(body, videos.pagination!.records.raw)).toHaveLength(1);
		expect(nextPage(walked, 'raw', { username: 'v2_0a@finder' }, body, true, new Set())).toEqual({
			stop: 'end',
		});
	});
});

describe('more-pages flags an answer carries where the node does not read them', () => {
	it('page-level flags saying more, with their paths; read paths, "no more" and flags inside lists left out', () => {
		const answer = {
			data: {
				continueFlag: 0,
				upContinueFlag: 1,
				hasMore: 'true',
				paging: { has_more: true, more: 0 },
				comments: [{ continueFlag: 1 }],
				moreText: '更多',
			},
		};
		expect(unusedMoreFlags(answer, ['data.continueFlag', 'data.upContinueFlag'])).toEqual([
			{ path: 'data.hasMore', value: 'true' },
			{ path: 'data.paging.has_more', value: true },
		]);
	});

	it("the genuine search capture under `results`: its own continueFlag, not the boxes' moreInfo", () => {
		const answer = {
			data: { results: recordedAnswer('search/fetch_search.finder.json'), continue_flag: 0 },
		};
		expect(unusedMoreFlags(answer, ['data.continue_flag'])).toEqual([
			{ path: 'data.results.continueFlag', value: 1 },
		]);
	});
});

describe('mention authors without highlight markup', () => {
	const capture = recordedAnswer('search/fetch_search.finder.json') as IDataObject;
	const videoHits = ((capture.data as IDataObject[])[1].subBoxes as IDataObject[]).flatMap(
		(box) => box.items as IDataObject[],
	);

	it('genuine video hits: source.title carries the markup, the author is the plain account name', () => {
		const toMention = mentionMapperOf({ mentions: 'videoSearchHit' })!;
		expect(videoHits).toHaveLength(3);
		for (const hit of videoHits) {
			expect((hit.source as IDataObject).title).toBe('<em class="highlight">示例日报</em>');
			const mention = toMention(hit);
			expect(mention.author).toBe('示例日报');
			expect(mention.title).not.toMatch(/<[^>]+>/);
		}
	});

	it.each([
		['searchHit', { docID: '1', title: 't', source: { title: 'a<em class="highlight">b</em>' } }],
		['channelSearchHit', { docID: '1', title: 't', nickname: '<em class="highlight">ab</em>' }],
		['note', { note: { id: 'n', desc: 'd', user: { nickname: '<em class="highlight">ab</em>' } } }],
	] as const)('%s: the author is stripped as the title is', (shape, record) => {
		expect(mentionMapperOf({ mentions: shape })!(record as IDataObject).author).toBe('ab');
	});

	it('an author that is markup only is no author', () => {
		const hit = { docID: '1', title: 't', source: { title: '<em class="highlight"></em>' } };
		expect(mentionMapperOf({ mentions: 'searchHit' })!(hit).author).toBeNull();
	});
});
