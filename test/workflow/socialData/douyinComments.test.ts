import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { DEFAULT_TOTALS } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// Douyin's comments, replies, hot list and profile through n8n's engine against the simulator,
// which answers in the shapes of genuine captures (simulator/recorded/shortVideo/).

let sim: Simulator;
useSimulator((started) => (sim = started));

const COMMENTS = DEFAULT_TOTALS['shortVideo/fetch_video_comments'];
const REPLIES = DEFAULT_TOTALS.fetch_video_comment_replies;

const sentInputs = () =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => JSON.parse(request.bodyText) as { endpoint: string; input: IDataObject });

const comments = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'shortVideo',
	operation: 'fetch_video_comments',
	aweme_id: sim.dataset.ids.awemeId,
	returnAll: true,
	...parameters,
});

const replies = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'shortVideo',
	operation: 'fetch_video_comment_replies',
	item_id: sim.dataset.ids.awemeId,
	comment_id: sim.dataset.ids.douyinCommentId,
	returnAll: true,
	...parameters,
});

describe('Social Data › Short Video › Get Video Comments', () => {
	test('Return All reads every page by cursor until has_more is 0, ids exact, in Douyin’s order (most liked first)', async () => {
		const { items, error, hints } = await runSocialData(sim, comments());
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		const expected = sim.dataset.douyinVideoComments(sim.dataset.ids.awemeId);
		expect(items.map((item) => item.json.cid)).toEqual(expected.map((comment) => comment.cid));
		expect(items).toHaveLength(COMMENTS);
		for (const item of items) {
			expect(item.json.cid).toMatch(/^\d{19}$/);
			expect(item.json.aweme_id).toBe(sim.dataset.ids.awemeId);
		}
		const likes = items.map((item) => Number(item.json.digg_count));
		expect(likes).toEqual([...likes].sort((a, b) => b - a));
		const inputs = sentInputs();
		expect(inputs.map((sent) => sent.endpoint)).toEqual(
			inputs.map(() => '/api/v1/douyin/web/fetch_video_comments'),
		);
		expect(inputs.map((sent) => sent.input.cursor)).toEqual([0, 20, 40]);
		expect(inputs.every((sent) => sent.input.aweme_id === sim.dataset.ids.awemeId)).toBe(true);
		expect(sim.ledger.billedCalls()).toBe(3);
	});

	test('Limit stops inside the second page and sends no third call', async () => {
		const { items, error } = await runSocialData(sim, comments({ returnAll: false, limit: 25 }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(25);
		expect(sentInputs().map((sent) => sent.input.cursor)).toEqual([0, 20]);
	});

	test('Count sets the page size; a saved cursor continues from there with Return All off', async () => {
		const { items, error } = await runSocialData(
			sim,
			comments({ returnAll: false, limit: 50, options: { cursor: 40, count: 10 } }),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(COMMENTS - 40);
		expect(sentInputs().map((sent) => [sent.input.cursor, sent.input.count])).toEqual([[40, 10]]);
	});

	test('as Normalised Mentions: Douyin comments linking to the video they are under', async () => {
		const { items, error } = await runSocialData(
			sim,
			comments({ returnAll: false, limit: 3, options: { mentions: true } }),
		);
		expect(error).toBeUndefined();
		const [first] = sim.dataset.douyinVideoComments(sim.dataset.ids.awemeId);
		const { source, ...mention } = items[0].json;
		expect(mention).toEqual({
			platform: 'douyin',
			kind: 'comment',
			postId: sim.dataset.ids.awemeId,
			id: first.cid,
			url: `https://www.douyin.com/video/${sim.dataset.ids.awemeId}`,
			title: first.text.split('\n')[0].slice(0, 100),
			text: first.text,
			author: first.user.nickname,
			publishedAt: new Date(first.create_time * 1000).toISOString(),
			likes: first.digg_count,
			comments: first.reply_comment_total,
			shares: null,
			reads: null,
			openInApp: null,
		});
		expect((source as IDataObject).cid).toBe(first.cid);
	});
});

describe('Social Data › Short Video › Get Comment Replies', () => {
	test('Return All reads every page of one comment’s replies; each names its parent and its video', async () => {
		const { items, error } = await runSocialData(sim, replies({ options: { count: 10 } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(REPLIES);
		for (const item of items) {
			expect(item.json.reply_id).toBe(sim.dataset.ids.douyinCommentId);
			expect(item.json.cid).toMatch(/^\d{19}$/);
		}
		expect(sentInputs().map((sent) => [sent.input.item_id, sent.input.cursor])).toEqual([
			[sim.dataset.ids.awemeId, 0],
			[sim.dataset.ids.awemeId, 10],
			[sim.dataset.ids.awemeId, 20],
		]);
		expect(
			sentInputs().every((sent) => sent.input.comment_id === sim.dataset.ids.douyinCommentId),
		).toBe(true);
	});

	test('as Normalised Mentions: comments under the video named by item_id', async () => {
		const { items, error } = await runSocialData(
			sim,
			replies({ returnAll: false, limit: 2, options: { mentions: true } }),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const item of items)
			expect(item.json).toMatchObject({
				platform: 'douyin',
				kind: 'comment',
				postId: sim.dataset.ids.awemeId,
				url: `https://www.douyin.com/video/${sim.dataset.ids.awemeId}`,
			});
	});
});

describe('Social Data › Short Video › Get Hot List and Get User Profile', () => {
	test('the hot list: one item per hot word, by rank, from one call', async () => {
		const { items, error } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_hot_search_result',
		});
		expect(error).toBeUndefined();
		const words = sim.dataset.douyinHotWords();
		expect(items.map((item) => item.json.word)).toEqual(words.map((word) => word.word));
		expect(items.map((item) => item.json.position)).toEqual(words.map((_, index) => index + 1));
		for (const item of items) {
			expect(typeof item.json.sentence_id).toBe('string');
			expect(item.json.group_id).toMatch(/^\d{19}$/);
		}
		expect(sentInputs()).toEqual([
			{ provider: 'tikhub', endpoint: '/api/v1/douyin/web/fetch_hot_search_result', input: {} },
		]);
	});

	test('the hot list off One Item per Record: one item with the whole answer', async () => {
		const { items } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_hot_search_result',
			options: { splitRecords: false },
		});
		expect(items).toHaveLength(1);
		expect(((items[0].json.data as IDataObject).word_list as unknown[]).length).toBe(50);
	});

	test('a profile: the user record, its bare 64-bit room_id as an exact string', async () => {
		const { items, error } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'handler_user_profile',
			sec_user_id: sim.dataset.ids.secUserId,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const author = sim.dataset.shortVideoAuthor(sim.dataset.ids.secUserId);
		const profile = sim.dataset.douyinProfile(author.uid, author.sec_uid, author.nickname);
		expect(items[0].json.user).toMatchObject({
			uid: author.uid,
			sec_uid: sim.dataset.ids.secUserId,
			nickname: author.nickname,
			room_id: String(profile.room_id),
			follower_count: profile.follower_count,
		});
		expect(profile.room_id > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
	});
});

describe('Social Data › Douyin: bad input fails before any call, naming the field and the item', () => {
	test.each([
		['an 18-digit aweme_id', () => comments({ aweme_id: '7'.repeat(18) }), /aweme_id.*19-digit/],
		['an empty aweme_id', () => comments({ aweme_id: ' ' }), /aweme_id/],
		['a negative cursor', () => comments({ returnAll: false, options: { cursor: -1 } }), /cursor/],
		['a count of 0', () => comments({ options: { count: 0 } }), /count/],
		['a comment_id with letters', () => replies({ comment_id: '72a' }), /comment_id.*digits/],
		[
			'an empty sec_user_id',
			(): INodeParameters => ({
				resource: 'shortVideo',
				operation: 'handler_user_profile',
				sec_user_id: ' ',
			}),
			/sec_user_id/,
		],
	])('%s', async (_, parameters, message) => {
		const { error } = await runSocialData(sim, parameters());
		expect(error?.message).toMatch(message);
		expect(error?.message).toMatch(/\(item 0\)/);
		expect(sim.requests).toHaveLength(0);
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	test('a bad second item stops the first one too: nothing is sent', async () => {
		const { error } = await runSocialData(sim, comments({ aweme_id: '={{ $json.video }}' }), {
			inputItems: [{ json: { video: sim.dataset.ids.awemeId } }, { json: { video: '12345' } }],
		});
		expect(error?.message).toMatch(/aweme_id/);
		expect(error?.message).toMatch(/\(item 1\)/);
		expect(sim.requests).toHaveLength(0);
	});
});
