import type { IExecuteFunctions, INodeProperties, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../../helpers/callSettings';
import { requiredText } from '../../../shared/execution/fieldChecks';
import { outputOf } from '../../helpers/output';
import { givenTextOptions } from '../../helpers/params';
import type { AvatarCallSettings } from '../../transport/avatarCall';
import { callAvatar, endpointOf } from '../../transport/avatarCall';
import { GROUPS_PATH } from '../../transport/paths';
import { callOptionsCollection } from '../descriptions';

export const endpoint = endpointOf({ method: 'POST', path: GROUPS_PATH });

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
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

interface Plan {
	body: Record<string, unknown>;
	settings: AvatarCallSettings;
	fullResponse: boolean;
}

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): Plan {
	const body: Record<string, unknown> = {
		Name: requiredText(
			{ name: 'Name', displayName: 'Name' },
			this.getNodeParameter('Name', itemIndex),
		),
		...givenTextOptions(this, itemIndex, [
			{ name: 'Description', displayName: 'Description' },
			{ name: 'GroupType', displayName: 'Group Type' },
		]),
	};

	const settings = avatarCallSettings(this, itemIndex, credentials);
	return { body, settings, fullResponse: wantsFullResponse(this, itemIndex) };
}

export async function run(
	this: IExecuteFunctions,
	{ body, settings, fullResponse }: Plan,
): Promise<INodeExecutionData[]> {
	const answer = await callAvatar(settings, { method: 'POST', path: GROUPS_PATH, body });
	return jsonItems([outputOf(answer, fullResponse)]);
}
