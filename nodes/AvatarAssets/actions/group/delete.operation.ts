import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../../helpers/callSettings';
import { requiredText } from '../../helpers/inputs';
import { outputOf } from '../../helpers/output';
import { locatorValue } from '../../helpers/params';
import { callAvatar, endpointOf } from '../../transport/avatarCall';
import { GROUPS_PATH, groupPath } from '../../transport/paths';
import { byDisplayName, callOptions, groupLocator } from '../descriptions';

export const endpoint = endpointOf({ method: 'DELETE', path: `${GROUPS_PATH}/{id}` });

const properties: INodeProperties[] = [
	groupLocator('The group to delete'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: byDisplayName(callOptions('path')),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['group'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): Promise<IDataObject[]> {
	const groupId = requiredText(this, itemIndex, { name: 'GroupId', displayName: 'Group' }, locatorValue(this, itemIndex, 'GroupId'));
	const settings = avatarCallSettings(this, itemIndex, credentials);
	const answer = await callAvatar(settings, { method: 'DELETE', path: groupPath(groupId) });
	return [{ Id: groupId, deleted: true, ...outputOf(answer, wantsFullResponse(this, itemIndex)) }];
}
