import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { addOutputHints } from '../../shared/execution/executionHints';
import { invalid, requiredText } from '../../shared/execution/fieldChecks';
import type { PassedPlan } from '../../shared/execution/operation';
import { passes } from '../keywordRules/match';
import { normalise } from '../keywordRules/normalise';
import type { KeywordRule } from '../keywordRules/types';
import { readBrandRules } from './brandRules';
import { matchRuleFields } from './ruleFields';

export const description: INodeProperties[] = matchRuleFields;

const BRAND = { name: 'brand', displayName: 'Brand' };

interface MatchPlan {
	mention: IDataObject;
	brand: string;
	/** Null: kept without matching (a comment under a watched post). */
	rule: KeywordRule | null;
}

/** Reads mention item `itemIndex`, its brand and the brand's rule; every brand's rule is checked. */
export function plan(this: IExecuteFunctions, itemIndex: number): MatchPlan {
	const rules = readBrandRules(this, itemIndex);
	const brand = requiredText(BRAND, this.getNodeParameter('brand', itemIndex, ''));
	const mention: IDataObject = { ...this.getInputData()[itemIndex].json, brand };
	const matchComments = this.getNodeParameter('matchComments', itemIndex, false) as boolean;
	if (mention.kind === 'comment' && !matchComments) return { mention, brand, rule: null };
	const rule = rules.get(brand);
	if (!rule)
		invalid(
			BRAND,
			`names the brand "${brand}", which Brands does not list (${[...rules.keys()].join(', ') || 'no brand'})`,
		);
	return { mention, brand, rule };
}

const textOf = (value: unknown) =>
	normalise(typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The mentions that pass their brand's rule, each as it came with its `brand`; none for the others. */
export async function runAll(
	this: IExecuteFunctions,
	planned: Array<PassedPlan<MatchPlan>>,
): Promise<INodeExecutionData[][]> {
	const dropped = new Map<string, number>();
	const outputs = planned.map(({ plan: { mention, brand, rule } }) => {
		if (rule === null || passes(rule, [textOf(mention.title), textOf(mention.text)]))
			return [{ json: mention }];
		dropped.set(brand, (dropped.get(brand) ?? 0) + 1);
		return [];
	});
	const total = [...dropped.values()].reduce((sum, count) => sum + count, 0);
	const perBrand = [...dropped].map(([brand, count]) => `${count} of ${brand}`).join(', ');
	if (total > 0)
		addOutputHints(this, [
			`Keyword rules kept ${planned.length - total} of ${planned.length} mentions; dropped ${perBrand}`,
		]);
	return outputs;
}
