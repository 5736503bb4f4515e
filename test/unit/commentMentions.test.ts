import type { IDataObject } from 'n8n-workflow';
import { nodeOptionsFor } from '../../nodes/SocialData/editor/nodeOptions';
import { mentionMapperOf } from '../../nodes/SocialData/mentions/platforms';
import { endpoint } from './support/inputRejection';
import { recordedAnswer } from '../../simulator/shapes/template';

/** Comment lists as mentions, on the genuine captures (simulator/recorded/) and the spec's parsed shapes. */

const NOTE_ID = '6260d671556101570f0401ed';
const OBJECT_ID = '14139476937340557422';
const ARTICLE_URL = 'https://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const listAt = (file: string, ...path: string[]) =>
	path.reduce<unknown>(
		(value, key) => (value as IDataObject)[key],
		recordedAnswer(file),
	) as IDataObject[];

describe('note comments as mentions', () => {
	const toMention = (request: IDataObject = {}) =>
		mentionMapperOf({ mentions: 'noteComment' }, request)!;

	it('genuine 2023 sub-comments (replies): each reply a comment of its note, not of the comment it answers', () => {
		const replies = listAt('notes/get_note_sub_comments.app-2023.json', 'data', 'comments');
		expect(replies.length).toBeGreaterThan(0);
		for (const reply of replies) {
			const mention = toMention({ comment_id: 'parent' })(reply);
			expect(mention).toMatchObject({
				platform: 'notes',
				kind: 'comment',
				id: reply.id,
				postId: reply.note_id,
				url: `https://www.xiaohongshu.com/explore/${reply.note_id as string}`,
				text: reply.content,
				author: (reply.user as IDataObject).nickname,
				publishedAt: iso(reply.time as number),
				likes: reply.like_count,
			});
		}
	});

	it('genuine 2026 capture: the comment, its note from the record, a link to the note', () => {
		const comments = listAt('notes/get_note_comments.json', 'data', 'comments');
		const mentions = comments.map(toMention({ share_text: 'no link in here' }));
		mentions.forEach((mention, n) => {
			const comment = comments[n];
			expect(mention).toMatchObject({
				platform: 'notes',
				kind: 'comment',
				id: comment.id,
				postId: NOTE_ID,
				url: `https://www.xiaohongshu.com/explore/${NOTE_ID}`,
				text: comment.content,
				title: comment.content,
				author: (comment.user as IDataObject).nickname,
				publishedAt: iso(comment.time as number),
				likes: 0,
				comments: 0,
				shares: null,
				reads: null,
				openInApp: null,
			});
			expect(mention.id).toMatch(/^[0-9a-f]{24}$/);
			expect(mention.source).toBe(comment);
		});
	});

	it('genuine 2023 app capture: reply counts, likes; the nested replies stay in the source', () => {
		const comments = listAt('notes/get_note_comments.app-2023.json', 'data', 'comments');
		const [first, second] = comments.map(toMention());
		expect(first).toMatchObject({ id: '6447d3cb988572661282c26a', likes: 50, comments: 13 });
		expect(second).toMatchObject({ likes: 280, comments: 80, postId: '4732c801207641548105395d' });
		expect(second.publishedAt).toBe(iso(1682435593));
	});

	it("spec shape (no note_id on the record): the note comes from the request's note_id, else its share text", () => {
		const comment = {
			id: '65a1b2c3d4e5f60718293a4b',
			content: 'first line\nsecond line',
			like_count: 3,
			create_time: 1764000000,
			user: { userid: 'u', nickname: 'reader' },
		};
		expect(toMention({ note_id: NOTE_ID })(comment)).toMatchObject({
			postId: NOTE_ID,
			url: `https://www.xiaohongshu.com/explore/${NOTE_ID}`,
			title: 'first line',
			text: 'first line\nsecond line',
			author: 'reader',
			publishedAt: iso(1764000000),
			likes: 3,
			comments: null,
		});
		const shared = toMention({
			share_text: `look https://www.xiaohongshu.com/discovery/item/${NOTE_ID}?xsec_token=x`,
		})(comment);
		expect(shared.postId).toBe(NOTE_ID);
		// A short link names no note: the comment is still a mention, without its post.
		expect(toMention({ share_text: 'http://xhslink.com/a/Bc12De3' })(comment)).toMatchObject({
			postId: null,
			url: null,
		});
	});
});

describe('channel video comments as mentions', () => {
	const toMention = mentionMapperOf({ mentions: 'channelComment' }, { object_id: OBJECT_ID })!;

	it.each([
		['channels/fetch_video_comments.web.json', 'commentInfo', 'commentId'],
		['channels/fetch_video_comments.v1.json', 'comment_info', 'comment_id'],
	])(
		'genuine raw capture %s: 20-digit ids exact, the video opens in the app',
		(file, list, idKey) => {
			const comments = listAt(file, list);
			for (const comment of comments) {
				const mention = toMention(comment);
				expect(mention).toMatchObject({
					platform: 'channels',
					kind: 'comment',
					id: String(comment[idKey]),
					postId: OBJECT_ID,
					url: null,
					openInApp: OBJECT_ID,
					text: comment.content,
					author: String(comment.nickname).trim(),
					publishedAt: iso(Number(comment.createtime)),
					likes: comment.likeCount ?? comment.like_count,
					comments: comment.expandCommentCount ?? comment.expand_comment_count,
				});
				expect(mention.id).toMatch(/^\d{20}$/);
			}
		},
	);

	it('spec parsed shape (raw=false): comment_id, reply_count, create_time', () => {
		const mention = toMention({
			comment_id: '14252357573215922498',
			nickname: 'viewer',
			username: 'v2_x@finder',
			head_url: 'https://example.com/h',
			content: 'Where can I buy this?',
			like_count: 12,
			reply_count: 2,
			create_time: 1764000000,
			ip_region: 'Beijing',
		});
		expect(mention).toMatchObject({
			id: '14252357573215922498',
			title: 'Where can I buy this?',
			author: 'viewer',
			publishedAt: iso(1764000000),
			likes: 12,
			comments: 2,
		});
	});
});

describe('article comments as mentions', () => {
	const toMention = mentionMapperOf({ mentions: 'articleComment' }, { url: ` ${ARTICLE_URL} ` })!;

	it('genuine 2018 capture (elected_comment): content_id is the id, not the small per-article id', () => {
		const [comment] = listAt(
			'articles/fetch_article_comments.appmsg_comment-2018.json',
			'elected_comment',
		);
		expect(toMention(comment)).toMatchObject({
			platform: 'articles',
			kind: 'comment',
			id: '6846000000000000047',
			postId: ARTICLE_URL,
			url: ARTICLE_URL,
			text: comment.content,
			author: comment.nick_name,
			publishedAt: iso(1520098511),
			likes: 3,
			comments: null,
			openInApp: null,
		});
	});

	it.each([
		['parsed', { reply_total: 4 }],
		['raw', { id: 3, reply_new: { reply_total_cnt: 4, reply_list: [] } }],
	])('spec %s shape: reply count from reply_total or reply_new', (_, extra) => {
		const mention = toMention({
			content_id: '7234567890123456789',
			nick_name: 'reader',
			content: 'Shipping took three weeks',
			like_num: 8,
			create_time: 1764000000,
			...extra,
		});
		expect(mention).toMatchObject({ id: '7234567890123456789', likes: 8, comments: 4 });
	});
});

describe('the editor offers mentions on the comment lists', () => {
	it.each([
		['get_note_comments', 'notes'],
		['fetch_video_comments', 'channels'],
		['fetch_article_comments', 'articles'],
	] as const)(
		'%s (%s): Output Normalised Mentions beside Only New Since Last Run',
		(name, group) => {
			const options = nodeOptionsFor(endpoint(name, group)).map((option) => option.name);
			expect(options).toEqual(expect.arrayContaining(['mentions', 'onlyNew']));
		},
	);

	it('fetch_comment_replies (it names no article) has no mention option', () => {
		const options = nodeOptionsFor(endpoint('fetch_comment_replies', 'articles')).map(
			(option) => option.name,
		);
		expect(options).not.toContain('mentions');
	});
});
