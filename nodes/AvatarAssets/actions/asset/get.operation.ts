import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../../helpers/callSettings';
import { requiredText } from '../../helpers/inputs';
import { outputOf } from '../../helpers/output';
import { locatorValue } from '../../helpers/params';
import { callAvatar, endpointOf } from '../../transport/avatarCall';
import { ASSETS_PATH, assetPath } from '../../transport/paths';
import { assetLocator, byDisplayName, callOptions } from '../descriptions';

export const endpoint = endpointOf({ method: 'GET', path: `${ASSETS_PATH}/{id}` });

const properties: INodeProperties[] = [
	assetLocator('The asset to get (with its current status)'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: byDisplayName(callOptions('path')),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['asset'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): Promise<IDataObject[]> {
	const assetId = requiredText(this, itemIndex, { name: 'AssetId', displayName: 'Asset' }, locatorValue(this, itemIndex, 'AssetId'));
	const settings = avatarCallSettings(this, itemIndex, credentials);
	const answer = await callAvatar(settings, { method: 'GET', path: assetPath(assetId) });
	return [outputOf(answer, wantsFullResponse(this, itemIndex))];
}
