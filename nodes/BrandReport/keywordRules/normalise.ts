/**
 * Text as keyword rules compare it: full-width and half-width forms alike (NFKC: ＡＣＭＥ is ACME),
 * lower case, every run of whitespace one space.
 */
export function normalise(text: string): string {
	return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Scripts written without spaces between words: a term in them matches inside longer text. */
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * A character that continues a word: a letter or digit of a script written with spaces (Latin,
 * digits, Cyrillic...). Chinese, Japanese and Korean characters are not: "acme" is a whole word in
 * "acme鞋子", and a Chinese term matches wherever its characters stand.
 */
export function isWordCharacter(character: string | undefined): boolean {
	return character !== undefined && LETTER_OR_DIGIT.test(character) && !UNSPACED.test(character);
}
