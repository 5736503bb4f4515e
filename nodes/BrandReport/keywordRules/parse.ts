import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import { normalise } from './normalise';
import type { KeywordRule, RuleKind } from './types';
import { RULE_KINDS } from './types';

const DISPLAY_NAME = 'Brands';
const EXAMPLE =
	'{"brand": "acme", "terms": ["acme"], "rules": {"all": ["acme"], "any": ["shoes", "sneakers"], "none": ["hotel"]}}';

/** Each brand's keyword rule, by brand name, in the order of the list. */
export type BrandRules = ReadonlyMap<string, KeywordRule>;

interface At {
	path: string;
	brand?: string;
}

function refuse({ path, brand }: At, problem: string): never {
	const whose = brand === undefined ? '' : ` of brand "${brand}"`;
	return invalid({ name: path, displayName: DISPLAY_NAME }, `${whose} ${problem}`.trim());
}

/** A list of non-empty texts (normalised); absent is empty. */
function textList(at: At, value: unknown, example: string): string[] {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value))
		refuse(at, `must be a list of terms such as ${example}; got ${JSON.stringify(value)}`);
	return value.map((entry: unknown, index) => {
		const text = typeof entry === 'string' || typeof entry === 'number' ? String(entry) : '';
		const normal = normalise(text);
		if (!normal)
			refuse(
				{ ...at, path: `${at.path}[${index}]` },
				`must be a term of one or more words; got ${JSON.stringify(entry)}`,
			);
		return normal;
	});
}

function ruleOf(at: At, rules: unknown, exclude: unknown): KeywordRule {
	const excluded = textList({ ...at, path: `${at.path}.exclude` }, exclude, '["acme hotel"]');
	if (rules !== undefined && rules !== null && !isRecord(rules))
		refuse(
			{ ...at, path: `${at.path}.rules` },
			`must be an object of rule lists such as {"any": ["shoes", "sneakers"]}; got ${JSON.stringify(rules)}`,
		);
	const given = rules ?? {};
	const unknown = Object.keys(given).filter((key) => !RULE_KINDS.includes(key as RuleKind));
	if (unknown.length)
		refuse(
			{ ...at, path: `${at.path}.rules.${unknown[0]}` },
			`is not a rule kind: use ${RULE_KINDS.join(', ')}`,
		);
	const list = (kind: RuleKind) =>
		textList({ ...at, path: `${at.path}.rules.${kind}` }, given[kind], '["shoes", "sneakers"]');
	const terms = (kind: RuleKind) => list(kind).map((term) => term.split(' '));
	return {
		any: terms('any'),
		all: terms('all'),
		none: terms('none'),
		phrase: list('phrase'),
		exclude: excluded,
	};
}

/**
 * Reads Settings › brands: each entry's name and keyword rule. Anything that cannot be read (not a
 * list, a brand without a name or named twice, an unknown rule kind, a rule that is not a list, an
 * empty term) is refused naming the brand. Other fields of an entry (its terms, routes...) are not
 * this rule's and are left alone.
 */
export function parseBrandRules(value: unknown): BrandRules {
	if (!Array.isArray(value))
		refuse({ path: 'brands' }, `must be a list of brands such as [${EXAMPLE}]`);
	const rules = new Map<string, KeywordRule>();
	value.forEach((entry: unknown, index) => {
		const path = `brands[${index}]`;
		if (!isRecord(entry))
			refuse({ path }, `must be a brand such as ${EXAMPLE}; got ${JSON.stringify(entry)}`);
		const brand = typeof entry.brand === 'string' ? entry.brand.trim() : '';
		if (!brand)
			refuse(
				{ path: `${path}.brand` },
				`is required: every brand has a name; got ${JSON.stringify(entry.brand ?? null)}`,
			);
		if (rules.has(brand)) refuse({ path: `${path}.brand`, brand }, 'is named twice in the list');
		rules.set(brand, ruleOf({ path, brand }, entry.rules, entry.exclude));
	});
	return rules;
}
