/** The report's languages: every fixed string exists in each. */
export type Language = 'en' | 'zh';

export const LABELS = ['positive', 'neutral', 'negative', 'unclassified'] as const;
export type Label = (typeof LABELS)[number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const EN = {
	platform: {
		douyin: 'Douyin',
		notes: 'Notes',
		articles: 'Articles',
		channels: 'Videos',
		accounts: 'Accounts',
		web: 'Web',
	} as Record<string, string>,
	label: {
		positive: 'positive',
		neutral: 'neutral',
		negative: 'negative',
		unclassified: 'unclassified',
	} as Record<Label, string>,
	reportTitle: 'Daily brand report',
	alertTitle: 'Spike alert',
	headlineMentions: 'new mentions',
	sourcesAnswered: 'sources answered',
	noMentions: 'No new mentions in this period.',
	leaning: { negative: 'leaning negative', positive: 'leaning positive', balanced: 'balanced' },
	verdict: (n: number, tone: string, positive: number, negative: number) =>
		`${plural(n, 'new mention')}, ${tone} (${positive} positive, ${negative} negative): ${negative ? `${negative} to answer.` : 'nothing to answer.'}`,
	unclassifiedNote: (n: number) =>
		`${plural(n, 'mention')} could not be classified (listed at the end).`,
	summary: "The day's summary",
	answerFirst: (n: number) => `Answer first: ${plural(n, 'negative mention')}`,
	nothingNegative: 'Nothing negative today.',
	moreNegatives: (n: number) => `…and ${n} more negative ${n === 1 ? 'mention' : 'mentions'}.`,
	noNegativePosts: 'No negative posts; the negative comments are listed below.',
	commentsToAnswer: (n: number) => `Comments to answer first: ${plural(n, 'negative comment')}`,
	moreComments: (n: number) => `…and ${n} more negative ${n === 1 ? 'comment' : 'comments'}.`,
	commentOn: (platform: string) => `${platform} comment`,
	openPost: 'open the post',
	openAndReply: 'Open the post and reply →',
	noWebLink: (platform: string, target: string) =>
		`No web link on ${platform}: open in the app: ${target}`,
	openInApp: (target: string) => `open in the app: ${target}`,
	shareOfVoice: 'Share of voice and sentiment',
	shareNote: 'Bar length: share of all new mentions; below it, the brand’s sentiment.',
	brandByPlatform: 'Mentions per brand and platform',
	byPlatform: 'Sentiment by platform',
	sourceFailed: 'no data (source failed)',
	neg: 'neg',
	mostEngaged: 'Most engaged',
	storiesNote:
		'A story posted on several platforms (same link or same title) is listed once, its figures summed.',
	trend: (days: number) => `Trend: last ${plural(days, 'day')}`,
	trendNote: 'New mentions per day (bar length), coloured by sentiment; red figure: negative.',
	currentDay: (day: string) => `${day} (this period)`,
	failedSources: 'Sources that failed',
	failedNote: 'The counts miss these sources; the next run searches them again.',
	recoveredSources: 'Outages caught up',
	recoveredNote: 'Counted in full: the next run read what the failed run missed.',
	recovered: (platform: string, runs: number, times: string, zone: string, caughtUp: string) =>
		`${platform}: ${runs === 1 ? 'one failed run' : `${runs} failed runs`} at ${times} (${zone}), caught up at ${caughtUp}`,
	unclassified: 'Could not be classified',
	cost: 'Cost of this run',
	credits: (n: number) => `${n.toLocaleString('en-US')} credits`,
	modelCalls: (n: number) => plural(n, 'model call'),
	footer: 'New mentions of the period, classified by the model gateway. Sent by n8n.',
	trimmed: (n: number) => `${plural(n, 'more section')} not shown here.`,
	seeFull: 'See the full report',
	seeEmail: 'The e-mail report has everything.',
	part: (n: number, of: number) => `part ${n}/${of}`,
	likes: 'likes',
	comments: 'comments',
	replies: 'replies',
	shares: 'shares',
	reads: 'reads',
	subject: (brands: string, mentions: number, negative: number, day: string) =>
		`${brands}: ${plural(mentions, 'new mention')}, ${negative} negative (${day})`,
	alertSubject: (brand: string, count: number, label: string, usual: string) =>
		`${brand}: ${count} ${label} ${count === 1 ? 'mention' : 'mentions'} in one window (usual ${usual})`,
	alertHeading: (brand: string) => `Spike alert: ${brand}`,
	alertWindow: 'window',
	alertCount: (label: string) => `${label} mentions`,
	alertUsual: 'usual per window',
	alertThreshold: 'alert threshold',
	alertPosts: 'Posts to answer first',
	alertPostsAndComments: 'Posts and comments to answer first',
	moreMentions: (n: number) => `…and ${plural(n, 'more mention')}.`,
	alertFooter: 'Compared with the brand’s usual level from the mention history. Sent by n8n.',
	vs: ' vs ',
};

type Strings = typeof EN;

const ZH: Strings = {
	platform: {
		douyin: '抖音',
		notes: '笔记',
		articles: '文章',
		channels: '视频',
		accounts: '账号',
		web: '网页',
	},
	label: { positive: '正面', neutral: '中性', negative: '负面', unclassified: '未分类' },
	reportTitle: '品牌舆情日报',
	alertTitle: '舆情突增预警',
	headlineMentions: '新提及',
	sourcesAnswered: '数据源正常',
	noMentions: '本期没有新提及。',
	leaning: { negative: '偏负面', positive: '偏正面', balanced: '正负持平' },
	verdict: (n, tone, positive, negative) =>
		`${n} 条新提及，${tone}（正面 ${positive}，负面 ${negative}）：${negative ? `${negative} 条待回应。` : '无需回应。'}`,
	unclassifiedNote: (n) => `${n} 条提及未能分类（列在末尾）。`,
	summary: '今日摘要',
	answerFirst: (n) => `优先回应：${n} 条负面提及`,
	nothingNegative: '今日没有负面提及。',
	moreNegatives: (n) => `……另有 ${n} 条负面提及。`,
	noNegativePosts: '没有负面帖子；负面评论列在下方。',
	commentsToAnswer: (n) => `优先回复的评论：${n} 条负面评论`,
	moreComments: (n) => `……另有 ${n} 条负面评论。`,
	commentOn: (platform) => `${platform}评论`,
	openPost: '打开原帖',
	openAndReply: '打开原帖并回复 →',
	noWebLink: (platform, target) => `${platform}没有网页链接，请在 App 中打开：${target}`,
	openInApp: (target) => `在 App 中打开：${target}`,
	shareOfVoice: '声量占比与情感',
	shareNote: '条形长度：占全部新提及的比例；下方为该品牌的情感分布。',
	brandByPlatform: '各品牌在各平台的提及',
	byPlatform: '各平台情感分布',
	sourceFailed: '无数据（数据源失败）',
	neg: '负面',
	mostEngaged: '互动最多',
	storiesNote: '多个平台发布的同一内容（链接或标题相同）只列一次，互动数合计。',
	trend: (days) => `趋势：最近 ${days} 天`,
	trendNote: '每天的新提及（条形长度），按情感着色；红色数字为负面。',
	currentDay: (day) => `${day}（本期）`,
	failedSources: '失败的数据源',
	failedNote: '统计不含这些数据源；下次运行会重新搜索。',
	recoveredSources: '已恢复的数据源',
	recoveredNote: '统计完整：之后的运行补齐了失败时遗漏的内容。',
	recovered: (platform, runs, times, zone, caughtUp) =>
		`${platform}：${runs === 1 ? '一次' : `${runs} 次`}运行失败（${times}，${zone}），${caughtUp} 已补齐`,
	unclassified: '未能分类',
	cost: '本次运行成本',
	credits: (n) => `${n.toLocaleString('en-US')} 积分`,
	modelCalls: (n) => `${n} 次模型调用`,
	footer: '本期新提及，由模型网关分类。由 n8n 发送。',
	trimmed: (n) => `另有 ${n} 个部分未在此显示。`,
	seeFull: '查看完整报告',
	seeEmail: '完整内容见邮件报告。',
	part: (n, of) => `第 ${n}/${of} 部分`,
	likes: '赞',
	comments: '评论',
	replies: '回复',
	shares: '分享',
	reads: '阅读',
	subject: (brands, mentions, negative, day) =>
		`${brands}：${mentions} 条新提及，${negative} 条负面（${day}）`,
	alertSubject: (brand, count, label, usual) =>
		`${brand}：一个时段内 ${count} 条${label}提及（平时 ${usual}）`,
	alertHeading: (brand) => `舆情突增预警：${brand}`,
	alertWindow: '时段',
	alertCount: (label) => `${label}提及`,
	alertUsual: '平时每时段',
	alertThreshold: '预警阈值',
	alertPosts: '优先回应的帖子',
	alertPostsAndComments: '优先回应的帖子和评论',
	moreMentions: (n) => `……另有 ${n} 条提及。`,
	alertFooter: '与该品牌提及历史中的平时水平相比。由 n8n 发送。',
	vs: ' 对比 ',
};

export type ReportStrings = Strings;

export function stringsFor(language: Language): ReportStrings {
	return language === 'zh' ? ZH : EN;
}

/** A platform's name in the report's language; an unknown source keeps its own name. */
export function platformName(strings: ReportStrings, platform: string): string {
	return strings.platform[platform] ?? platform;
}

/** Where a mention was written: "Notes", or "Notes comment" for a comment under a post there. */
export function placeName(
	strings: ReportStrings,
	mention: { platform: string; kind?: string },
): string {
	const platform = platformName(strings, mention.platform);
	return mention.kind === 'comment' ? strings.commentOn(platform) : platform;
}
