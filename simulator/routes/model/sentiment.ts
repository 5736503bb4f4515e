/**
 * The simulated models' judgement of one text: more positive words than negative ones is positive,
 * more negative is negative, else neutral; and the prompt as the replies read it (see replies.ts).
 */

export interface Prompt {
	system: string;
	lastUser: string;
}

const POSITIVE = [
	'love',
	'loved',
	'great',
	'excellent',
	'amazing',
	'awesome',
	'best',
	'good',
	'nice',
	'recommend',
	'happy',
	'perfect',
	'fantastic',
	'wonderful',
	'better',
];
const NEGATIVE = [
	'bad',
	'broken',
	'terrible',
	'awful',
	'hate',
	'worst',
	'poor',
	'disappointed',
	'disappointing',
	'refund',
	'scam',
	'slow',
	'useless',
	'sadly',
	'worse',
	'fake',
];

export type Sentiment = 'positive' | 'neutral' | 'negative';

function wordsOf(text: string): string[] {
	return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

export function sentimentOf(text: string): { sentiment: Sentiment; reason: string } {
	const words = wordsOf(text);
	const positive = words.filter((word) => POSITIVE.includes(word));
	const negative = words.filter((word) => NEGATIVE.includes(word));
	if (positive.length > negative.length)
		return {
			sentiment: 'positive',
			reason: `Positive wording: ${[...new Set(positive)].join(', ')}`,
		};
	if (negative.length > positive.length)
		return {
			sentiment: 'negative',
			reason: `Negative wording: ${[...new Set(negative)].join(', ')}`,
		};
	return {
		sentiment: 'neutral',
		reason: positive.length
			? 'Positive and negative wording balance out'
			: 'No clearly positive or negative wording',
	};
}
