import { intFor, pickFor, type Part } from './random';

const ADJECTIVES = [
	'quiet',
	'bright',
	'honest',
	'curious',
	'sunny',
	'bold',
	'gentle',
	'clever',
	'lucky',
	'steady',
	'vivid',
	'calm',
];
const NOUNS = [
	'otter',
	'maple',
	'harbor',
	'comet',
	'lantern',
	'meadow',
	'pebble',
	'falcon',
	'willow',
	'summit',
	'river',
	'cedar',
];
const TOPICS = [
	'morning routine',
	'street food',
	'city walk',
	'weekend trip',
	'home office',
	'budget tips',
	'coffee tasting',
	'skincare',
	'camping gear',
	'study notes',
];
const OPINIONS = [
	'Honestly better than I expected.',
	'Not sure this is worth the hype.',
	'Saving this for later!',
	'The second part is the best.',
	'Has anyone else tried this?',
	'Totally agree with this.',
	'Price went up again, sadly.',
	'Great explanation, thanks for sharing.',
	'I disagree with the last point.',
	'Watched it three times already.',
];
/** Complaints for the negative share of a spike: negative words only (simulator/routes/model/sentiment.ts). */
const COMPLAINTS = [
	'Broken after two days, really disappointed.',
	'Worst customer service so far, asking for a refund.',
	'Terrible update, the app is slow and useless now.',
	'Sadly the quality got worse this year.',
];
const TITLE_FORMS = [
	(k: string, t: string) => `${k} ${t} review after three months`,
	(k: string, t: string) => `Why everyone talks about ${k} this week (${t})`,
	(k: string) => `My honest take on ${k}`,
	(k: string, t: string) => `${t}: ten things about ${k}`,
	(k: string, t: string) => `Is ${k} still worth it? ${t} edition`,
	(k: string) => `First look at ${k}`,
];
export const REGIONS = [
	{ country: 'China', province: 'Guangdong', city: 'Shenzhen' },
	{ country: 'China', province: 'Zhejiang', city: 'Hangzhou' },
	{ country: 'China', province: 'Sichuan', city: 'Chengdu' },
	{ country: 'China', province: 'Beijing', city: 'Beijing' },
	{ country: 'China', province: 'Shanghai', city: 'Shanghai' },
	{ country: 'China', province: 'Hubei', city: 'Wuhan' },
];

export function nicknameFor(...parts: Part[]): string {
	return `${pickFor(ADJECTIVES, ...parts, 'adj')}_${pickFor(NOUNS, ...parts, 'noun')}${intFor(1, 999, ...parts, 'n')}`;
}

export function sentenceFor(...parts: Part[]): string {
	return pickFor(OPINIONS, ...parts, 'opinion');
}

export function complaintFor(...parts: Part[]): string {
	return pickFor(COMPLAINTS, ...parts, 'complaint');
}

export function topicFor(...parts: Part[]): string {
	return pickFor(TOPICS, ...parts, 'topic');
}

/**
 * A title that contains the keyword verbatim, signed by its author as creators do: the forms alone
 * repeat (42 per keyword), and posts of different people rarely share a title.
 */
export function titleWith(keyword: string, ...parts: Part[]): string {
	const form = pickFor(TITLE_FORMS, ...parts, 'title')(keyword, topicFor(...parts));
	return `${form} | ${nicknameFor(...parts, 'signed')}`;
}

/** Where a keyword's note, article, video and Douyin searches list its cross-posted story. */
export const CROSS_POSTED_AT = 4;

/**
 * The story a brand's team posts everywhere: the note, the article, the video and the Douyin post at
 * CROSS_POSTED_AT of a keyword's searches carry this title, each in its platform's own markup, so a
 * report shows them as one story (docs/daily-report.md, "One story, counted once").
 */
export function crossPostedTitle(
	keyword: string,
	platform: 'notes' | 'articles' | 'videos' | 'douyin',
) {
	const title = `${keyword} X2 blender: three months of daily use, an honest review`;
	if (platform === 'articles') return `【${title}】`;
	// A Douyin post has no title: its first line is one, its hashtags follow.
	if (platform === 'douyin') return `${title}！\n#${keyword} #blender`;
	if (platform === 'videos')
		return `${title.toUpperCase().replace(keyword.toUpperCase(), keyword)} 🔥`;
	return title;
}

export function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/** Search hit markup: the keyword wrapped the way the service highlights it. */
export function highlight(title: string, keyword: string): string {
	const marked = `<em class="highlight">${escapeHtml(keyword)}</em>`;
	return title.split(keyword).map(escapeHtml).join(marked);
}
