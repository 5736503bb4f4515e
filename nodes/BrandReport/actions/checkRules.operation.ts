import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { readBrandRules } from './brandRules';
import { forItem } from './itemErrors';
import { checkRuleFields } from './ruleFields';

export const description: INodeProperties[] = checkRuleFields;

/**
 * Reads every brand's keyword rule and passes the input on unchanged: placed before a flow's first
 * call, a rule that cannot be read stops the flow before anything is paid for.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	forItem(0, () => readBrandRules(this, 0));
	return this.getInputData().map((item, index) => ({ ...item, pairedItem: { item: index } }));
}
