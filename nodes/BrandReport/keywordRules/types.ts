/**
 * One brand's keyword rule, normalised (see normalise). A term is its words; a phrase its text.
 * An empty list sets no condition, so a brand without rules keeps every mention its search found.
 */
export interface KeywordRule {
	/** At least one of these terms (a term: all of its words, anywhere in title or text). */
	any: ReadonlyArray<readonly string[]>;
	/** Every one of these terms. */
	all: ReadonlyArray<readonly string[]>;
	/** None of these terms. */
	none: ReadonlyArray<readonly string[]>;
	/** Every one of these exact phrases. */
	phrase: readonly string[];
	/** None of these exact phrases: the brand's `exclude` list of earlier versions. */
	exclude: readonly string[];
}

/** The rule kinds a brand's `rules` object may hold. */
export const RULE_KINDS = ['any', 'all', 'none', 'phrase'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
