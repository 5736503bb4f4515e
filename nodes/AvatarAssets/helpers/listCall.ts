import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { jsonItems } from '../../shared/execution/operation';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { callAvatar, endpointOf } from '../transport/avatarCall';
import type { AvatarCallPlan } from './callPlan';
import { planAvatarCall } from './callPlan';
import { resultLimitOf } from '../../shared/execution/resultLimit';
import { idList, invalid, optionalText, wholeNumber } from '../../shared/execution/fieldChecks';
import { walkPages } from './listPages';
import { nodeParameters, optionOf } from './params';

/** A list call of one item, checked: where to ask, with what body, and how many pages to walk. */
export interface ListPlan extends AvatarCallPlan {
	path: string;
	/** `{ Filter }` when the filter has entries, else nothing. */
	filterPart: Record<string, unknown>;
	extra: Record<string, unknown>;
	startPage: number;
	pageSize: number;
	limit?: number;
}

/**
 * A list operation's plan: checks paging for the pages of `POST <path>` with
 * `{ Filter, <paging>, ...extra }` (Filter only when it has entries; paging: see listPages).
 */
export function planList(
	context: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
	path: string,
	filter: Record<string, unknown>,
	extra: Record<string, unknown> = {},
): ListPlan {
	const limit = resultLimitOf(nodeParameters(context), itemIndex);
	const startPage = wholeNumber(
		{ name: 'PageNumber', displayName: 'Page Number' },
		optionOf(context, itemIndex, 'PageNumber', 1),
		1,
	);
	const pageSize = wholeNumber(
		{ name: 'PageSize', displayName: 'Page Size' },
		optionOf(context, itemIndex, 'PageSize', 10),
		1,
	);
	return {
		...planAvatarCall(context, itemIndex, credentials),
		path,
		filterPart: Object.keys(filter).length ? { Filter: filter } : {},
		extra,
		startPage,
		pageSize,
		limit,
	};
}

/** A field of a list operation's Filter collection: text, or ids (a list, or text with commas). */
export interface FilterField {
	/** The wire name, under `Filter` in the body. */
	key: string;
	displayName: string;
	kind: 'text' | 'ids';
	/** For ids: the only values the service knows (e.g. asset statuses). */
	allowed?: readonly string[];
}

/** The Filter of item `itemIndex`: the given fields, checked, in the order of `fields`. */
export function filterOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: FilterField[],
): Record<string, unknown> {
	const given = context.getNodeParameter('Filter', itemIndex, {}) as IDataObject;
	const filter: Record<string, unknown> = {};
	for (const { key, displayName, kind, allowed } of fields) {
		const field = { name: `Filter.${key}`, displayName };
		if (kind === 'text') {
			const text = optionalText(field, given[key]);
			if (text !== undefined) filter[key] = text;
			continue;
		}
		const ids = idList(field, given[key]);
		const unknown = allowed && ids.find((id) => !allowed.includes(id));
		if (unknown) invalid(field, `must hold only ${allowed.join(', ')}; got "${unknown}"`);
		if (ids.length) filter[key] = ids;
	}
	return filter;
}

/** Walks the pages of a planned list call: one output item per record (or per page, as asked). */
export async function runList(plan: ListPlan): Promise<INodeExecutionData[]> {
	const { filterPart, extra } = plan;
	const request = { method: 'POST', path: plan.path } as const;
	const records = await walkPages({
		startPage: plan.startPage,
		pageSize: plan.pageSize,
		limit: plan.limit,
		fullResponse: plan.fullResponse,
		endpoint: endpointOf(request),
		fetchPage: async (paging) =>
			await callAvatar(plan.settings, { ...request, body: { ...filterPart, ...paging, ...extra } }),
	});
	return jsonItems(records);
}
