import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodeExecutionData,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { idList, invalid, optionalText } from '../../../shared/execution/fieldChecks';
import type { ListPlan } from '../../helpers/listCall';
import { planList, runList } from '../../helpers/listCall';
import { optionOf } from '../../helpers/params';
import { endpointOf } from '../../transport/avatarCall';
import { ASSETS_LIST_PATH } from '../../transport/paths';
import { groupIdsFilter, listProperties } from '../descriptions';
import { ASSET_STATUSES } from './assetFields';

export const endpoint = endpointOf({ method: 'POST', path: ASSETS_LIST_PATH });

const SORT_ORDERS = ['asc', 'desc'];

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

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['list'] } },
	properties,
);

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): ListPlan {
	const given = this.getNodeParameter('Filter', itemIndex, {}) as IDataObject;
	const filter: Record<string, unknown> = {};
	const groupIds = idList({ name: 'Filter.GroupIds', displayName: 'Group IDs' }, given.GroupIds);
	if (groupIds.length) filter.GroupIds = groupIds;
	const statusField = { name: 'Filter.Statuses', displayName: 'Statuses' };
	const statuses = idList(statusField, given.Statuses);
	for (const status of statuses) {
		if (!(ASSET_STATUSES as readonly string[]).includes(status)) {
			invalid(statusField, `must hold only ${ASSET_STATUSES.join(', ')}; got "${status}"`);
		}
	}
	if (statuses.length) filter.Statuses = statuses;
	const name = optionalText({ name: 'Filter.Name', displayName: 'Name' }, given.Name);
	if (name !== undefined) filter.Name = name;

	const sorting: Record<string, unknown> = {};
	const sortBy = optionalText(
		{ name: 'SortBy', displayName: 'Sort By' },
		optionOf(this, itemIndex, 'SortBy', ''),
	);
	if (sortBy !== undefined) {
		const orderField = { name: 'SortOrder', displayName: 'Sort Order' };
		const order =
			optionalText(orderField, optionOf(this, itemIndex, 'SortOrder', 'asc'))?.toLowerCase() ??
			'asc';
		if (!SORT_ORDERS.includes(order))
			invalid(orderField, `must be "asc" or "desc"; got "${order}"`);
		sorting.SortBy = sortBy;
		sorting.SortOrder = order;
	}
	return planList(this, itemIndex, credentials, ASSETS_LIST_PATH, filter, sorting);
}

export async function run(this: IExecuteFunctions, list: ListPlan): Promise<INodeExecutionData[]> {
	return jsonItems(await runList(list));
}
