import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { callAvatar } from '../transport/avatarCall';
import { avatarCallSettings, wantsFullResponse } from './callSettings';
import { resultLimitOf } from '../../shared/execution/resultLimit';
import { wholeNumber } from '../../shared/execution/fieldChecks';
import { walkPages } from './listPages';
import { nodeParameters, optionOf } from './params';

/**
 * A list operation: validates paging, then walks the pages of `POST <path>` with
 * `{ Filter, PageNumber, PageSize, ...extra }` (Filter only when it has entries).
 */
export async function runList(
	context: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
	path: string,
	filter: Record<string, unknown>,
	extra: Record<string, unknown> = {},
): Promise<IDataObject[]> {
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
	const filterPart = Object.keys(filter).length ? { Filter: filter } : {};
	return await walkPages({
		startPage,
		pageSize,
		limit,
		fullResponse: wantsFullResponse(context, itemIndex),
		fetchPage: async (PageNumber) =>
			await callAvatar(settings, {
				method: 'POST',
				path,
				body: { ...filterPart, PageNumber, PageSize: pageSize, ...extra },
			}),
	});
}
