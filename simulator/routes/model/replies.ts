/**
 * What the simulated language models answer: deterministic, and useful to the brand-monitoring flow.
 *
 * The rule, applied to the prompt (system text plus the user turns):
 * 0. It is a batched classification (a JSON list of items and labels): see batchClassifier.ts.
 * 1. It asks for a sentiment ("sentiment" or "classify" appears): the answer is the JSON
 *    `{"sentiment":"positive|neutral|negative","reason":"…"}`, judged on the LAST user message only
 *    by counting the words below: more positive words → positive, more negative → negative, else neutral.
 * 2. It asks for a summary ("summar…" or "report"): a short paragraph counting the mentions (one per
 *    non-empty line of the last user message, except the lines that ask for the summary) and their
 *    sentiments: the label a line ends with (", negative"), else by the same word lists.
 * 3. Anything else: a sentence that quotes the start of the last user message.
 * A last user message containing `[sim:stream-error]` makes a streamed answer fail midway (tests).
 */

import { batchClassificationReply } from './batchClassifier';
import { sentimentOf, type Prompt, type Sentiment } from './sentiment';

const SUMMARY_ASK = /summar|report/i;
const LABELLED = /[,:—-]\s*(positive|neutral|negative)\s*$/i;

export const STREAM_ERROR_MARK = '[sim:stream-error]';

function summaryOf(text: string): string {
	const mentions = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== '' && !SUMMARY_ASK.test(line));
	const counts: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0 };
	// A line that already carries its label (", negative" at its end) is counted by it.
	for (const mention of mentions)
		counts[
			(LABELLED.exec(mention)?.[1].toLowerCase() as Sentiment | undefined) ??
				sentimentOf(mention).sentiment
		]++;
	const tone =
		counts.positive > counts.negative
			? 'mostly positive'
			: counts.negative > counts.positive
				? 'mostly negative'
				: 'mixed';
	return (
		`Summary of ${mentions.length} mention${mentions.length === 1 ? '' : 's'}: ${counts.positive} positive, ${counts.neutral} neutral and ` +
		`${counts.negative} negative. Overall the tone is ${tone}. Follow up on the negative mentions first.`
	);
}

export function replyTo(prompt: Prompt, model: string): string {
	const batch = batchClassificationReply(prompt);
	if (batch !== undefined) return batch;
	const whole = `${prompt.system}\n${prompt.lastUser}`.toLowerCase();
	if (whole.includes('sentiment') || whole.includes('classify'))
		return JSON.stringify(sentimentOf(prompt.lastUser));
	if (SUMMARY_ASK.test(whole)) return summaryOf(prompt.lastUser);
	const quoted = prompt.lastUser.trim().replace(/\s+/g, ' ').slice(0, 80);
	return `This is a simulated answer from ${model} to: "${quoted}".`;
}

/** Rough token count (4 characters a token), as usage figures need. */
export function tokensOf(text: string): number {
	return text === '' ? 0 : Math.max(1, Math.ceil(text.length / 4));
}

/** Keeps at most `maxTokens` tokens of a reply; `cut` says whether it was shortened. */
export function limitTokens(
	text: string,
	maxTokens: number | undefined,
): { text: string; cut: boolean } {
	if (maxTokens === undefined || tokensOf(text) <= maxTokens) return { text, cut: false };
	return { text: text.slice(0, maxTokens * 4), cut: true };
}

/** Pieces of a reply as a stream sends them: a few words each. */
export function streamPieces(text: string): string[] {
	const words = text.match(/\S+\s*/g) ?? [];
	const pieces: string[] = [];
	for (let index = 0; index < words.length; index += 3)
		pieces.push(words.slice(index, index + 3).join(''));
	return pieces.length ? pieces : [text];
}
