import { passes } from '../../../nodes/BrandReport/keywordRules/match';
import { normalise } from '../../../nodes/BrandReport/keywordRules/normalise';
import { parseBrandRules } from '../../../nodes/BrandReport/keywordRules/parse';

/** Whether a mention of `title` and `text` passes the rule of the one brand in `entry`. */
function keeps(entry: Record<string, unknown>, title: string, text = ''): boolean {
	const rule = parseBrandRules([{ brand: 'acme', terms: ['acme'], ...entry }]).get('acme')!;
	return passes(rule, [normalise(title), normalise(text)]);
}

describe('keyword rules: each kind', () => {
	it('keeps every mention of a brand without rules, as before rules existed', () => {
		expect(keeps({}, 'anything at all')).toBe(true);
		expect(keeps({ rules: {} }, '')).toBe(true);
	});

	it('any: at least one of the terms', () => {
		const rule = { rules: { any: ['shoes', 'sneakers'] } };
		expect(keeps(rule, 'Acme sneakers review')).toBe(true);
		expect(keeps(rule, 'Acme', 'new shoes in store')).toBe(true);
		expect(keeps(rule, 'Acme jackets review')).toBe(false);
	});

	it('all: every term, in title or text', () => {
		const rule = { rules: { all: ['acme', 'launch'] } };
		expect(keeps(rule, 'Acme', 'the launch was late')).toBe(true);
		expect(keeps(rule, 'Acme review')).toBe(false);
	});

	it('none: no term; old exclude entries are none-of exact phrases', () => {
		expect(keeps({ rules: { none: ['hotel'] } }, 'Acme hotel opens')).toBe(false);
		expect(keeps({ rules: { none: ['hotel'] } }, 'Acme shoes')).toBe(true);
		expect(keeps({ exclude: ['acme hotel'] }, 'Stayed at the ACME Hotel')).toBe(false);
		expect(keeps({ exclude: ['acme hotel'] }, 'Acme shoes, worn to a hotel')).toBe(true);
	});

	it('the issue’s example: acme with shoes or sneakers, not acme hotel', () => {
		const entry = { rules: { all: ['acme'], any: ['shoes', 'sneakers'] }, exclude: ['acme hotel'] };
		expect(keeps(entry, 'Acme sneakers after a month')).toBe(true);
		expect(keeps(entry, 'Acme hotel breakfast', 'left my sneakers there')).toBe(false);
		expect(keeps(entry, 'Acme jackets')).toBe(false);
		expect(keeps(entry, 'Sneakers of the week')).toBe(false);
	});

	it('a term of several words: all its words, anywhere and in any order', () => {
		const rule = { rules: { any: ['acme shoes'] } };
		expect(keeps(rule, 'Shoes by Acme')).toBe(true);
		expect(keeps(rule, 'Acme', 'these shoes')).toBe(true);
		expect(keeps(rule, 'Acme jackets')).toBe(false);
		expect(keeps({ rules: { none: ['acme hotel'] } }, 'Acme opens a hotel')).toBe(false);
	});

	it('phrase: the exact words in that order, next to each other, within the title or the text', () => {
		const rule = { rules: { phrase: ['air max 90'] } };
		expect(keeps(rule, 'Acme AIR   MAX 90 review')).toBe(true);
		expect(keeps(rule, 'Acme Air 90 Max')).toBe(false);
		expect(keeps(rule, 'Acme air max, 90 days later')).toBe(false);
		expect(keeps(rule, 'Acme air', 'max 90')).toBe(false);
		expect(keeps({ rules: { phrase: ['air max', 'limited'] } }, 'air max limited')).toBe(true);
		expect(keeps({ rules: { phrase: ['air max', 'limited'] } }, 'air max')).toBe(false);
	});
});

describe('keyword rules: how text compares', () => {
	it('full-width and half-width forms alike, case ignored', () => {
		expect(keeps({ rules: { all: ['acme'] } }, 'ＡＣＭＥ 新品')).toBe(true);
		expect(keeps({ rules: { all: ['ＡＣＭＥ'] } }, 'acme shoes')).toBe(true);
		expect(keeps({ rules: { phrase: ['air max 90'] } }, 'ａｉｒ　ＭＡＸ　９０')).toBe(true);
		// Half-width katakana are the full-width ones.
		expect(keeps({ rules: { all: ['ｱｸﾒ'] } }, 'アクメの靴')).toBe(true);
	});

	it('Latin terms as whole words: acme is not in acmeshoes nor in acme2', () => {
		const rule = { rules: { all: ['acme'] } };
		expect(keeps(rule, 'acmeshoes sale')).toBe(false);
		expect(keeps(rule, 'acme2 released')).toBe(false);
		expect(keeps(rule, 'team-acme!')).toBe(true);
		expect(keeps(rule, '#acme #shoes')).toBe(true);
		expect(keeps(rule, 'Café acme')).toBe(true);
		expect(keeps(rule, 'écacme')).toBe(false);
		expect(keeps({ exclude: ['acme hotel'] }, 'acme hotels')).toBe(true);
	});

	it('Chinese terms as substrings (no spaces between words); a Latin term beside Chinese is whole', () => {
		expect(keeps({ rules: { any: ['球鞋'] } }, '这双球鞋很舒服')).toBe(true);
		expect(keeps({ rules: { any: ['球鞋'] } }, '这双鞋很舒服')).toBe(false);
		expect(keeps({ rules: { all: ['acme'] } }, '刚买的acme球鞋')).toBe(true);
		expect(keeps({ rules: { none: ['酒店'] } }, 'acme酒店开业')).toBe(false);
		expect(keeps({ rules: { phrase: ['acme 球鞋'] } }, '刚买的ACME　球鞋')).toBe(true);
		expect(keeps({ rules: { phrase: ['acme 球鞋'] } }, '刚买的acme新球鞋')).toBe(false);
	});
});

describe('keyword rules that cannot be read: refused naming the brand', () => {
	const refusal = (brands: unknown) => {
		try {
			parseBrandRules(brands);
		} catch (error) {
			return (error as Error).message;
		}
		return 'read';
	};

	it.each([
		['not a list', { brand: 'acme' }, /Field "brands" \(Brands\) must be a list of brands/],
		[
			'a brand without a name',
			[{ terms: ['acme'] }],
			/Field "brands\[0\]\.brand" \(Brands\) is required: every brand has a name/,
		],
		[
			'a brand named twice',
			[{ brand: 'acme' }, { brand: 'acme' }],
			/Field "brands\[1\]\.brand" \(Brands\) of brand "acme" is named twice/,
		],
		[
			'an unknown rule kind',
			[{ brand: 'acme' }, { brand: 'rival', rules: { must: ['x'] } }],
			/Field "brands\[1\]\.rules\.must" \(Brands\) of brand "rival" is not a rule kind: use any, all, none, phrase/,
		],
		[
			'a rule that is not a list',
			[{ brand: 'acme', rules: { any: 'shoes | sneakers' } }],
			/Field "brands\[0\]\.rules\.any" \(Brands\) of brand "acme" must be a list of terms such as \["shoes", "sneakers"\]; got "shoes \| sneakers"/,
		],
		[
			'an empty term',
			[{ brand: 'acme', rules: { none: ['hotel', '  '] } }],
			/Field "brands\[0\]\.rules\.none\[1\]" \(Brands\) of brand "acme" must be a term of one or more words; got " {2}"/,
		],
		[
			'rules that are not an object',
			[{ brand: 'acme', rules: ['shoes'] }],
			/Field "brands\[0\]\.rules" \(Brands\) of brand "acme" must be an object of rule lists/,
		],
		[
			'an exclude that is not a list',
			[{ brand: 'acme', exclude: 'acme hotel' }],
			/Field "brands\[0\]\.exclude" \(Brands\) of brand "acme" must be a list of terms/,
		],
	])('%s', (_, brands, message) => {
		expect(refusal(brands)).toMatch(message);
	});

	it('leaves the fields of other parts (terms, routes) alone', () => {
		expect(
			refusal([
				{ brand: 'acme', terms: ['acme'], alertTo: 'x@example.com', rules: { any: ['a'] } },
			]),
		).toBe('read');
	});
});
