import { isWordCharacter } from './normalise';
import type { KeywordRule } from './types';

/** The character (code point) right before and right at position `at`; the first and last of a piece. */
const before = (text: string, at: number) => [...text.slice(Math.max(0, at - 2), at)].pop();
const after = (text: string, at: number) => [...text.slice(at, at + 2)][0];
const first = (piece: string) => [...piece][0];
const last = (piece: string) => [...piece].pop();

/**
 * Whether `piece` (normalised) stands in `text` (normalised) as a whole: where the piece starts or
 * ends with a word character, the text has none right beside it ("acme" is not in "acmeshoes";
 * "鞋" is in "球鞋").
 */
export function occursIn(text: string, piece: string): boolean {
	const guardStart = isWordCharacter(first(piece));
	const guardEnd = isWordCharacter(last(piece));
	for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) {
		if (guardStart && isWordCharacter(before(text, at))) continue;
		if (guardEnd && isWordCharacter(after(text, at + piece.length))) continue;
		return true;
	}
	return false;
}

/** A mention's normalised title and text: a phrase must stand within one of them. */
export type MentionTexts = readonly string[];

/** Every word of the term stands somewhere in the title or text, in any order. */
const termOccurs = (texts: MentionTexts, words: readonly string[]) =>
	words.every((word) => texts.some((text) => occursIn(text, word)));

/** The phrase stands, word after word, in the title or in the text. */
const phraseOccurs = (texts: MentionTexts, phrase: string) =>
	texts.some((text) => occursIn(text, phrase));

/** Whether a mention's (normalised) title and text pass its brand's rule. */
export function passes(rule: KeywordRule, texts: MentionTexts): boolean {
	const term = (words: readonly string[]) => termOccurs(texts, words);
	const phrase = (text: string) => phraseOccurs(texts, text);
	return (
		(rule.any.length === 0 || rule.any.some(term)) &&
		rule.all.every(term) &&
		!rule.none.some(term) &&
		rule.phrase.every(phrase) &&
		!rule.exclude.some(phrase)
	);
}
