import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../../helpers/callSettings';
import { optionalText, requiredText } from '../../helpers/inputs';
import { outputOf } from '../../helpers/output';
import { locatorValue, optionOf } from '../../helpers/params';
import { callAvatar, endpointOf } from '../../transport/avatarCall';
import { ASSETS_PATH, assetPath } from '../../transport/paths';
import { assetLocator, byDisplayName, callOptions } from '../descriptions';

export const endpoint = endpointOf({ method: 'PATCH', path: `${ASSETS_PATH}/{id}` });

const properties: INodeProperties[] = [
	assetLocator('The asset to rename'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: byDisplayName([
			{ displayName: 'Name', name: 'Name', type: 'string', default: '', description: 'New name of the asset' },
			...callOptions('body'),
		]),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['asset'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): Promise<IDataObject[]> {
	const assetId = requiredText(this, itemIndex, { name: 'AssetId', displayName: 'Asset' }, locatorValue(this, itemIndex, 'AssetId'));
	// The spec wants the body's Id equal to the path id.
	const body: Record<string, unknown> = { Id: assetId };
	const name = optionalText(this, itemIndex, { name: 'Name', displayName: 'Name' }, optionOf(this, itemIndex, 'Name', ''));
	if (name !== undefined) body.Name = name;
	const settings = avatarCallSettings(this, itemIndex, credentials);
	const answer = await callAvatar(settings, { method: 'PATCH', path: assetPath(assetId), body });
	return [{ Id: assetId, ...outputOf(answer, wantsFullResponse(this, itemIndex)) }];
}
