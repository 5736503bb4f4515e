import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodeExecutionData,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { idList, optionalText } from '../../../shared/execution/fieldChecks';
import type { ListPlan } from '../../helpers/listCall';
import { planList, runList } from '../../helpers/listCall';
import { endpointOf } from '../../transport/avatarCall';
import { GROUPS_LIST_PATH } from '../../transport/paths';
import { groupIdsFilter, listProperties } from '../descriptions';

export const endpoint = endpointOf({ method: 'POST', path: GROUPS_LIST_PATH });

const properties: INodeProperties[] = listProperties([
	{
		displayName: 'Name',
		name: 'Name',
		type: 'string',
		default: '',
		description: 'Group name to match',
	},
	groupIdsFilter('Only these groups (IDs separated by commas)'),
	{
		displayName: 'Group Type',
		name: 'GroupType',
		type: 'string',
		default: '',
		description: 'Only groups of this type',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['group'], operation: ['list'] } },
	properties,
);

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): ListPlan {
	const given = this.getNodeParameter('Filter', itemIndex, {}) as IDataObject;
	const filter: Record<string, unknown> = {};
	const name = optionalText({ name: 'Filter.Name', displayName: 'Name' }, given.Name);
	if (name !== undefined) filter.Name = name;
	const groupIds = idList({ name: 'Filter.GroupIds', displayName: 'Group IDs' }, given.GroupIds);
	if (groupIds.length) filter.GroupIds = groupIds;
	const groupType = optionalText(
		{ name: 'Filter.GroupType', displayName: 'Group Type' },
		given.GroupType,
	);
	if (groupType !== undefined) filter.GroupType = groupType;
	return planList(this, itemIndex, credentials, GROUPS_LIST_PATH, filter);
}

export async function run(this: IExecuteFunctions, list: ListPlan): Promise<INodeExecutionData[]> {
	return jsonItems(await runList(list));
}
