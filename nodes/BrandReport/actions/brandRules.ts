import type { IExecuteFunctions } from 'n8n-workflow';
import type { BrandRules } from '../keywordRules/parse';
import { parseBrandRules } from '../keywordRules/parse';
import { jsonValue } from './jsonParameter';

/** The Brands parameter of item `itemIndex`, read and checked (see parseBrandRules). */
export function readBrandRules(context: IExecuteFunctions, itemIndex: number): BrandRules {
	const value = jsonValue(
		'brandRules',
		'Brands',
		context.getNodeParameter('brandRules', itemIndex),
	);
	return parseBrandRules(value ?? null);
}
