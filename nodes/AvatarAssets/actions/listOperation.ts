import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ItemOperation } from '../../shared/execution/operation';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { FilterField, ListPlan } from '../helpers/listCall';
import { filterOf, planList, runList } from '../helpers/listCall';
import { endpointOf } from '../transport/avatarCall';

export interface ListOperationSpec {
	resource: 'asset' | 'group';
	/** The list endpoint, `POST <path>` with `{ Filter, <paging>, ... }` (paging: see helpers/listPages). */
	path: string;
	/** The operation's parameters (see listProperties). */
	properties: INodeProperties[];
	filter: FilterField[];
	/** Body fields beside Filter and paging (e.g. sorting), read and checked after the filter. */
	extra?: (context: IExecuteFunctions, itemIndex: number) => Record<string, unknown>;
}

export interface ListOperation extends ItemOperation<ListPlan> {
	description: INodeProperties[];
}

/** List of groups or assets: the filter and paging checked in the plan, the pages walked in the run. */
export function listOperation({
	resource,
	path,
	properties,
	filter,
	extra,
}: ListOperationSpec): ListOperation {
	return {
		endpoint: endpointOf({ method: 'POST', path }),
		description: updateDisplayOptions(
			{ show: { resource: [resource], operation: ['list'] } },
			properties,
		),
		plan(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials) {
			const given = filterOf(this, itemIndex, filter);
			return planList(this, itemIndex, credentials, path, given, extra?.(this, itemIndex));
		},
		run: runList,
	};
}
