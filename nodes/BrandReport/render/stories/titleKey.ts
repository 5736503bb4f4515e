const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
		const code =
			name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
		return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
	});
}

/**
 * A title as two cross-posts share it: HTML tags (a search hit's highlight) and entities removed,
 * full-width forms made half-width (NFKC), lower case, and only letters and digits kept, so
 * punctuation of every script (，。！「」 too), symbols, emoji and spaces do not count.
 */
export function titleKey(title: string): string {
	return decodeEntities(title.replace(/<[^>]*>/g, ' '))
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A Chinese, Japanese or Korean character says about as much as two Latin letters. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The weight a title key needs to join a story: 16, i.e. 16 letters or digits, or 8 Chinese
 * characters. "First look at acme" (15) or "开箱视频" (8) is what many posts are called; a title
 * that says more than that is one story's.
 */
export const MIN_TITLE_WEIGHT = 16;

export function titleWeight(key: string): number {
	let weight = 0;
	for (const character of key) weight += WIDE.test(character) ? 2 : 1;
	return weight;
}
