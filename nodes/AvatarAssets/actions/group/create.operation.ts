import type { IExecuteFunctions, INodeProperties, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import type { AvatarCallPlan } from '../../helpers/callPlan';
import { avatarBody, planAvatarCall, sendPlanned } from '../../helpers/callPlan';
import { requiredText } from '../../../shared/execution/fieldChecks';
import { outputOf } from '../../helpers/output';
import { endpointOf } from '../../transport/avatarCall';
import { GROUPS_PATH } from '../../transport/paths';
import { callOptionsCollection } from '../descriptions';

export const endpoint = endpointOf({ method: 'POST', path: GROUPS_PATH });

const NAME = { name: 'Name', displayName: 'Name' };
const DESCRIPTION = { name: 'Description', displayName: 'Description' };
const GROUP_TYPE = { name: 'GroupType', displayName: 'Group Type' };

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		builderHint: { propertyHint: "The group's name as the user gives it." },
		name: 'Name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. brand-presenter',
		description: 'Name of the material group',
	},
	callOptionsCollection('body', [
		{
			displayName: 'Description',
			name: 'Description',
			type: 'string',
			default: '',
			description: 'Description of the group',
		},
		{
			displayName: 'Group Type',
			name: 'GroupType',
			type: 'string',
			default: '',
			description:
				'Type of the group. Leave empty for a virtual-portrait group: the service then applies its fixed type.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['group'], operation: ['create'] } },
	properties,
);

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): AvatarCallPlan {
	const Name = requiredText(NAME, this.getNodeParameter(NAME.name, itemIndex));
	const body = avatarBody(this, itemIndex, { Name }, [DESCRIPTION, GROUP_TYPE]);
	return planAvatarCall(this, itemIndex, credentials, body);
}

export async function run(
	this: IExecuteFunctions,
	plan: AvatarCallPlan,
): Promise<INodeExecutionData[]> {
	const answer = await sendPlanned(plan, 'POST', GROUPS_PATH);
	return jsonItems([outputOf(answer, plan.fullResponse)]);
}
