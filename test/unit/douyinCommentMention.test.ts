import type { IDataObject } from 'n8n-workflow';
import { findEndpoint } from '../../nodes/SocialData/descriptor';
import { mentionMapperOf } from '../../nodes/SocialData/mentions/platforms';
import { recordedAnswer } from '../../simulator/shapes/template';

/** The genuine Douyin comment and reply records (simulator/recorded/shortVideo/) as mentions. */

const firstComment = (file: string) =>
	(recordedAnswer(file).comments as IDataObject[])[0] as IDataObject;

describe('Douyin comments as normalised mentions', () => {
	const comments = findEndpoint('fetch_video_comments', 'shortVideo')!;
	const replies = findEndpoint('fetch_video_comment_replies', 'shortVideo')!;

	test('a genuine web comment: a comment under the video it names', () => {
		const record = firstComment('shortVideo/fetch_video_comments.json');
		const mention = mentionMapperOf(comments, { aweme_id: '7000000000000000001' })!(record);
		expect(mention).toMatchObject({
			platform: 'douyin',
			kind: 'comment',
			id: record.cid,
			postId: record.aweme_id,
			url: `https://www.douyin.com/video/${String(record.aweme_id)}`,
			text: record.text,
			author: (record.user as IDataObject).nickname,
			publishedAt: new Date(Number(record.create_time) * 1000).toISOString(),
			likes: record.digg_count,
			comments: record.reply_comment_total,
			shares: null,
			reads: null,
			openInApp: null,
		});
		expect(mention.source).toBe(record);
	});

	test('a genuine reply; a record without aweme_id takes the video the request named', () => {
		const record = firstComment('shortVideo/fetch_video_comment_replies.json');
		const toMention = mentionMapperOf(replies, { item_id: '7000000000000000002' })!;
		expect(toMention(record)).toMatchObject({ id: record.cid, postId: record.aweme_id });
		const { aweme_id: _, ...bare } = record;
		expect(toMention(bare)).toMatchObject({
			postId: '7000000000000000002',
			url: 'https://www.douyin.com/video/7000000000000000002',
			comments: null,
		});
	});

	test('a multi-line comment: the title is its first line', () => {
		const record = { cid: '7100000000000000001', text: '\nfirst line\nsecond line' };
		expect(mentionMapperOf(comments)!(record)).toMatchObject({
			title: 'first line',
			text: record.text,
			postId: null,
			url: null,
		});
	});
});
