import { DAY_SECONDS, memo, type DatasetContext } from './context';
import { bigIdFor, hash32, hexFor, intFor, pickFor } from './random';
import { nicknameFor, REGIONS, sentenceFor, topicFor } from './text';

export interface ArticleSeed {
	title: string;
	nick_name: string;
	ori_create_time: number;
}

export interface Article extends ArticleSeed {
	key: string;
	biz_uin: number;
	item_idx: number;
	appmsgid: number;
	msg_id: bigint;
	comment_id: bigint;
	user_name: string;
	author: string;
	desc: string;
	cdn_url: string;
	album: { album_id: string; title: string; pre_article_link: string; next_article_link: string };
	content_text: string;
	stats: {
		read_num: number;
		like_count: number;
		old_like_count: number;
		share_count: number;
		collect_count: number;
		comment_count: number;
		star_num: number;
	};
}

export interface ArticleReply {
	reply_id: bigint;
	content: string;
	nick_name: string;
	like_num: number;
	create_time: number;
}

export interface ArticleComment {
	id: bigint;
	content_id: bigint;
	nick_name: string;
	content: string;
	like_num: number;
	create_time: number;
	ip_wording: { province_name: string; city_name: string };
	is_elected: number;
	is_top: number;
	reply_total: number;
	/** The first replies (at most 3); all of them via fetch_comment_replies. */
	replies: ArticleReply[];
	openid: string;
	identity_type: number;
	logo_url: string;
}

/** An article of an account's message, as its article list gives it. */
export interface ListedArticle {
	title: string;
	digest: string;
	author: string;
	/** The long link (`__biz`, `mid`, `idx`, `sn`): an article the other endpoints know. */
	content_url: string;
	cover: string;
}

/** One published message of an official account: its lead article and the articles below it. */
export interface AccountMessage {
	id: number;
	/** Publication time (s). */
	datetime: number;
	fakeid: string;
	lead: ListedArticle;
	more: ListedArticle[];
}

export const ARTICLE_HOST = 'mp.example.com';
const INLINE_REPLIES = 3;

/** Article data. An article is named by its short link code or by `__biz` + `mid` + `idx` of the long link. */
export function articlesData(ctx: DatasetContext) {
	const { seed } = ctx;
	// Articles found by search keep the hit's title and account in their detail.
	const seeds = new Map<string, ArticleSeed>();

	function articleKey(url: string): string | undefined {
		let parsed: URL;
		try {
			parsed = new URL(url.trim());
		} catch {
			return undefined;
		}
		const biz = parsed.searchParams.get('__biz');
		if (biz)
			return `b:${biz}:${parsed.searchParams.get('mid') ?? ''}:${parsed.searchParams.get('idx') ?? '1'}`;
		const short = /^\/s\/([A-Za-z0-9_-]+)$/.exec(parsed.pathname);
		return short ? `s:${short[1]}` : undefined;
	}

	function article(key: string): Article {
		const known = seeds.get(key);
		const h = (name: string) => hash32(seed, name, key);
		const account = nicknameFor(seed, 'mp-account', key);
		const read = 100 + (h('read') % 400_000);
		const title =
			known?.title ?? `${topicFor(seed, 'article', key)}: ${sentenceFor(seed, 'article', key)}`;
		return {
			key,
			title,
			nick_name: known?.nick_name ?? account,
			ori_create_time:
				known?.ori_create_time ??
				ctx.epochSeconds - intFor(3_600, 200 * DAY_SECONDS, seed, 'article-time', key),
			biz_uin: 3_000_000_000 + (h('biz') % 900_000_000),
			item_idx: 1 + (h('idx') % 3),
			appmsgid: 2_247_000_000 + (h('appmsgid') % 9_000_000),
			msg_id: bigIdFor(seed, 'msg', key),
			comment_id: bigIdFor(seed, 'article-comment-id', key),
			user_name: `gh_${hexFor(12, seed, 'gh', key)}`,
			author: nicknameFor(seed, 'author', key),
			desc: sentenceFor(seed, 'article-desc', key),
			cdn_url: `https://img.${ARTICLE_HOST}/cover/${hexFor(20, seed, 'cdn', key)}.jpg`,
			album: {
				album_id: String(bigIdFor(seed, 'album', key)),
				title: `${topicFor(seed, 'album', key)} series`,
				pre_article_link: `https://${ARTICLE_HOST}/s/${hexFor(22, seed, 'prev', key)}`,
				next_article_link: `https://${ARTICLE_HOST}/s/${hexFor(22, seed, 'next', key)}`,
			},
			content_text: `${title}\n\n${sentenceFor(seed, 'p1', key)} ${sentenceFor(seed, 'p2', key)}`,
			stats: {
				read_num: read,
				like_count: Math.floor(read / (10 + (h('like') % 40))),
				old_like_count: Math.floor(read / (30 + (h('old') % 60))),
				share_count: Math.floor(read / (20 + (h('share') % 80))),
				collect_count: Math.floor(read / (25 + (h('collect') % 90))),
				comment_count: ctx.total('fetch_article_comments'),
				star_num: Math.floor(read / (50 + (h('star') % 150))),
			},
		};
	}

	const replies = memo((contentId) =>
		Array.from(
			{ length: hash32(seed, 'reply-total', contentId) % 6 },
			(_, i): ArticleReply => ({
				reply_id: bigIdFor(seed, 'article-reply', contentId, i),
				content: sentenceFor(seed, 'article-reply', contentId, i),
				nick_name: nicknameFor(seed, 'reader', contentId, i),
				like_num: intFor(0, 300, seed, 'reply-like', contentId, i),
				create_time: ctx.epochSeconds - 1_800 - i * 600,
			}),
		),
	);

	const comments = memo((key) =>
		Array.from({ length: ctx.total('fetch_article_comments') }, (_, i): ArticleComment => {
			const contentId = bigIdFor(seed, 'content', key, i);
			const all = replies(String(contentId));
			const region = pickFor(REGIONS, seed, 'article-region', key, i);
			return {
				id: bigIdFor(seed, 'article-comment', key, i),
				content_id: contentId,
				nick_name: nicknameFor(seed, 'reader', key, i),
				content: sentenceFor(seed, 'article-comment', key, i),
				like_num: intFor(0, 2_000, seed, 'article-like', key, i),
				create_time: ctx.epochSeconds - 3_600 - i * 1_200,
				ip_wording: { province_name: region.province, city_name: region.city },
				is_elected: 1,
				is_top: i === 0 ? 1 : 0,
				reply_total: all.length,
				replies: all.slice(0, INLINE_REPLIES),
				openid: `o${hexFor(27, seed, 'openid', key, i)}`,
				identity_type: 0,
				logo_url: `https://img.${ARTICLE_HOST}/head/${hexFor(16, seed, 'logo', key, i)}.jpg`,
			};
		}),
	);

	const listedArticle = (ghid: string, fakeid: string, mid: number, idx: number): ListedArticle => {
		const biz = Buffer.from(fakeid).toString('base64');
		const sn = hexFor(32, seed, 'sn', ghid, mid, idx);
		return {
			title: `${topicFor(seed, 'listed', ghid, mid, idx)}: ${sentenceFor(seed, 'listed', ghid, mid, idx)}`,
			digest: sentenceFor(seed, 'listed-digest', ghid, mid, idx),
			author: nicknameFor(seed, 'listed-author', ghid),
			content_url: `https://${ARTICLE_HOST}/s?__biz=${biz}&mid=${mid}&idx=${idx}&sn=${sn}`,
			cover: `https://img.${ARTICLE_HOST}/cover/${hexFor(20, seed, 'listed-cover', ghid, mid, idx)}.jpg`,
		};
	};

	// Newest first, as an account's history lists its messages; every third carries a second article.
	const accountMessages = memo((ghid) => {
		const fakeid = String(3_000_000_000 + (hash32(seed, 'fakeid', ghid) % 900_000_000));
		const total = ctx.total('fetch_mp_article_list');
		return Array.from({ length: total }, (_, i): AccountMessage => {
			const mid = 2_650_000_000 + (hash32(seed, 'mid', ghid) % 1_000_000) + (total - i) * 7;
			return {
				id: 1_000_000_000 + total - i,
				datetime: ctx.epochSeconds - (i + 1) * DAY_SECONDS + (hash32(seed, 'at', ghid, i) % 3_600),
				fakeid,
				lead: listedArticle(ghid, fakeid, mid, 1),
				more: i % 3 === 1 ? [listedArticle(ghid, fakeid, mid, 2)] : [],
			};
		});
	});

	return {
		/** An official account's messages, newest first (any `gh_` id names an account). */
		accountMessages: (ghid: string) => accountMessages(ghid),
		/** Whether a link names an article: short form `/s/<code>` or long form carrying `__biz`. */
		isArticleUrl: (url: string) => articleKey(url) !== undefined,
		/** The article a link names, undefined when it names none. */
		article: (url: string) => {
			const key = articleKey(url);
			return key === undefined ? undefined : article(key);
		},
		articleComments: (url: string) => {
			const key = articleKey(url);
			return key === undefined ? [] : comments(key);
		},
		articleCommentReplies: (contentId: string) => replies(contentId),
		registerArticle: (code: string, articleSeed: ArticleSeed) =>
			void seeds.set(`s:${code}`, articleSeed),
	};
}

export type ArticlesData = ReturnType<typeof articlesData>;
