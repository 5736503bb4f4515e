import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../../helpers/callSettings';
import { optionalText, requiredText } from '../../helpers/inputs';
import { outputOf } from '../../helpers/output';
import { locatorValue, optionOf } from '../../helpers/params';
import { callAvatar, endpointOf } from '../../transport/avatarCall';
import { GROUPS_PATH, groupPath } from '../../transport/paths';
import { byDisplayName, callOptions, groupLocator } from '../descriptions';

export const endpoint = endpointOf({ method: 'PATCH', path: `${GROUPS_PATH}/{id}` });

const properties: INodeProperties[] = [
	groupLocator('The group to update'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: byDisplayName([
			{ displayName: 'Name', name: 'Name', type: 'string', default: '', description: 'New name of the group' },
			{ displayName: 'Description', name: 'Description', type: 'string', default: '', description: 'New description of the group' },
			...callOptions('body'),
		]),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['group'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): Promise<IDataObject[]> {
	const groupId = requiredText(this, itemIndex, { name: 'GroupId', displayName: 'Group' }, locatorValue(this, itemIndex, 'GroupId'));
	// The spec wants the body's Id equal to the path id.
	const body: Record<string, unknown> = { Id: groupId };
	const name = optionalText(this, itemIndex, { name: 'Name', displayName: 'Name' }, optionOf(this, itemIndex, 'Name', ''));
	if (name !== undefined) body.Name = name;
	const groupDescription = optionalText(this, itemIndex, { name: 'Description', displayName: 'Description' }, optionOf(this, itemIndex, 'Description', ''));
	if (groupDescription !== undefined) body.Description = groupDescription;

	const settings = avatarCallSettings(this, itemIndex, credentials);
	const answer = await callAvatar(settings, { method: 'PATCH', path: groupPath(groupId), body });
	return [{ Id: groupId, ...outputOf(answer, wantsFullResponse(this, itemIndex)) }];
}
