import type { Article, ArticleComment } from '../../dataset/articles';
import {
	HttpError,
	optionalString,
	rawFlag,
	requiredDigits,
	requiredString,
	type Input,
} from './input';
import { offsetCursor, pageAt, readOffset } from './paging';
import { pick } from './pick';
import type { DataContext, DataGroup } from './types';

/** Articles group: `content` is always an object; comments page by `buffer`, '' on the last page. */
export const articles: DataGroup = {
	key: 'articles',
	endpoints: {
		fetch_article_detail(input, ctx) {
			const { url, article } = articleOf(input, ctx);
			const parsed = {
				url,
				bizUin: article.biz_uin,
				itemIdx: article.item_idx,
				content: {
					title: article.title,
					nick_name: article.nick_name,
					user_name: article.user_name,
					author: article.author,
					desc: article.desc,
					create_time: new Date(article.ori_create_time * 1000)
						.toISOString()
						.slice(0, 16)
						.replace('T', ' '),
					ori_create_time: article.ori_create_time,
					cdn_url: article.cdn_url,
					comment_id: article.comment_id,
					appmsgalbuminfo: article.album,
					content_text: article.content_text,
				},
			};
			if (!rawFlag(input)) return parsed;
			return {
				...parsed,
				msgId: article.msg_id,
				lastModifyTime: article.ori_create_time + 600,
				tmplVersion: 3,
				tmplVersions: [1, 2, 3],
				clientCacheTime: 86_400,
			};
		},
		fetch_article_stats(input, ctx) {
			const { article } = articleOf(input, ctx);
			if (!rawFlag(input)) return article.stats;
			return {
				...article.stats,
				show_like: 1,
				show_like_gray: 0,
				show_old_like: 1,
				show_old_like_gray: 0,
				show_share: 1,
				show_share_gray: 0,
				show_collect: 1,
				show_collect_gray: 0,
				show_read: 1,
				show_read_gray: 0,
				show_star: 1,
				show_star_gray: 0,
				comment_enabled: 1,
				get_data_succ: 1,
				is_subscribed: 0,
				verify_status: 1,
				can_use_star: 1,
			};
		},
		fetch_article_comments(input, ctx) {
			const { url, article } = articleOf(input, ctx);
			const list = ctx.dataset.articleComments(url);
			const offset = readOffset(
				optionalString(input, 'buffer'),
				'buffer',
				`article-comments:${article.key}`,
			);
			const { items, next, more } = pageAt(list, offset, ctx.pageSize);
			const raw = rawFlag(input);
			return {
				appmsgid: article.appmsgid,
				elected_total: list.length,
				total_count: list.length,
				buffer: more ? offsetCursor(`article-comments:${article.key}`, next) : '',
				has_more: more,
				comment_id: article.comment_id,
				comments: items.map((comment) => (raw ? rawComment(comment) : parsedComment(comment))),
			};
		},
		// The spec shows only content_id; other parameters are ignored.
		fetch_comment_replies(input, ctx) {
			const contentId = requiredDigits(input, 'content_id');
			rawFlag(input);
			const replies = ctx.dataset.articleCommentReplies(contentId);
			return {
				content_id: BigInt(contentId),
				reply_total: replies.length,
				replies,
				has_more: false,
			};
		},
	},
};

function articleOf(input: Input, ctx: DataContext): { url: string; article: Article } {
	const url = requiredString(input, 'url').trim();
	const article = ctx.dataset.article(url);
	if (!article)
		throw new HttpError(
			400,
			'Invalid url: must be an article link, short form (/s/<code>) or long form carrying __biz',
			'input.url',
		);
	return { url, article };
}

const PARSED_COMMENT_FIELDS = [
	'content_id',
	'nick_name',
	'content',
	'like_num',
	'create_time',
	'ip_wording',
	'is_elected',
	'is_top',
	'reply_total',
	'replies',
] as const;

function parsedComment(comment: ArticleComment) {
	return pick(comment, PARSED_COMMENT_FIELDS);
}

function rawComment(comment: ArticleComment) {
	return {
		...parsedComment(comment),
		id: comment.id,
		openid: comment.openid,
		identity_type: comment.identity_type,
		logo_url: comment.logo_url,
		like_status: 0,
		is_from_me: 0,
		reply_new: { reply_total_cnt: comment.reply_total, reply_list: comment.replies },
	};
}
