import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { AvatarCallSettings } from '../transport/avatarCall';
import { callAvatar } from '../transport/avatarCall';
import { avatarCallSettings, wantsFullResponse } from './callSettings';
import { resultLimitOf } from '../../shared/execution/resultLimit';
import { wholeNumber } from '../../shared/execution/fieldChecks';
import { walkPages } from './listPages';
import { nodeParameters, optionOf } from './params';

/** A list call of one item, checked: where to ask, with what body, and how many pages to walk. */
export interface ListPlan {
	settings: AvatarCallSettings;
	path: string;
	/** `{ Filter }` when the filter has entries, else nothing. */
	filterPart: Record<string, unknown>;
	extra: Record<string, unknown>;
	startPage: number;
	pageSize: number;
	limit?: number;
	fullResponse: boolean;
}

/**
 * A list operation's plan: checks paging for the pages of `POST <path>` with
 * `{ Filter, PageNumber, PageSize, ...extra }` (Filter only when it has entries).
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
	const settings = avatarCallSettings(context, itemIndex, credentials);
	return {
		settings,
		path,
		filterPart: Object.keys(filter).length ? { Filter: filter } : {},
		extra,
		startPage,
		pageSize,
		limit,
		fullResponse: wantsFullResponse(context, itemIndex),
	};
}

/** Walks the pages of a planned list call. */
export async function runList(plan: ListPlan): Promise<IDataObject[]> {
	const { filterPart, pageSize, extra } = plan;
	return await walkPages({
		startPage: plan.startPage,
		pageSize: plan.pageSize,
		limit: plan.limit,
		fullResponse: plan.fullResponse,
		fetchPage: async (PageNumber) =>
			await callAvatar(plan.settings, {
				method: 'POST',
				path: plan.path,
				body: { ...filterPart, PageNumber, PageSize: pageSize, ...extra },
			}),
	});
}
