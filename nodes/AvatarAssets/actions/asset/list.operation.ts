import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { invalid, optionalText } from '../../../shared/execution/fieldChecks';
import { optionOf } from '../../helpers/params';
import { ASSETS_LIST_PATH } from '../../transport/paths';
import { groupIdsFilter, listProperties } from '../descriptions';
import { listOperation } from '../listOperation';
import { ASSET_STATUSES } from './assetFields';

const properties: INodeProperties[] = listProperties(
	[
		groupIdsFilter('Only assets of these groups (IDs separated by commas)'),
		{
			displayName: 'Statuses',
			name: 'Statuses',
			type: 'multiOptions',
			default: [],
			options: ASSET_STATUSES.map((status) => ({ name: status, value: status })),
			description: 'Only assets in these states',
		},
		{
			displayName: 'Name',
			name: 'Name',
			type: 'string',
			default: '',
			description: 'Asset name to match',
		},
	],
	[
		{
			displayName: 'Sort By',
			name: 'SortBy',
			type: 'string',
			default: '',
			placeholder: 'e.g. CreateTime',
			description: 'Field of the asset records to sort by',
		},
		{
			displayName: 'Sort Order',
			name: 'SortOrder',
			type: 'options',
			default: 'asc',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			description: 'Sort direction; sent only together with Sort By',
		},
	],
);

const SORT_ORDERS = ['asc', 'desc'];
const SORT_BY = { name: 'SortBy', displayName: 'Sort By' };
const SORT_ORDER = { name: 'SortOrder', displayName: 'Sort Order' };

/** SortBy and SortOrder, sent together and only when Sort By is given. */
function sortingOf(context: IExecuteFunctions, itemIndex: number): Record<string, unknown> {
	const sortBy = optionalText(SORT_BY, optionOf(context, itemIndex, SORT_BY.name, ''));
	if (sortBy === undefined) return {};
	const order =
		optionalText(SORT_ORDER, optionOf(context, itemIndex, SORT_ORDER.name, 'asc'))?.toLowerCase() ??
		'asc';
	if (!SORT_ORDERS.includes(order)) invalid(SORT_ORDER, `must be "asc" or "desc"; got "${order}"`);
	return { SortBy: sortBy, SortOrder: order };
}

export const { endpoint, description, plan, run } = listOperation({
	resource: 'asset',
	path: ASSETS_LIST_PATH,
	properties,
	filter: [
		{ key: 'GroupIds', displayName: 'Group IDs', kind: 'ids' },
		{ key: 'Statuses', displayName: 'Statuses', kind: 'ids', allowed: ASSET_STATUSES },
		{ key: 'Name', displayName: 'Name', kind: 'text' },
	],
	extra: sortingOf,
});
