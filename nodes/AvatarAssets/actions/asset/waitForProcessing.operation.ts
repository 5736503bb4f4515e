import type { IExecuteFunctions, INodeProperties, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import type { AvatarCallPlan } from '../../helpers/callPlan';
import { planAvatarCall } from '../../helpers/callPlan';
import { outputOf } from '../../helpers/output';
import type { WaitSettings } from '../../helpers/waitForAsset';
import { waitForAsset } from '../../helpers/waitForAsset';
import { endpointOf } from '../../transport/avatarCall';
import { ASSETS_PATH } from '../../transport/paths';
import { callOptionsCollection, waitOptions } from '../descriptions';
import { ASSETS, recordIdOf, recordLocator } from '../records';
import { readWaitSettings } from './assetFields';

export const endpoint = endpointOf({ method: 'GET', path: `${ASSETS_PATH}/{id}` });

const properties: INodeProperties[] = [
	recordLocator(
		ASSETS,
		'The asset to wait for (e.g. from an upload that did not wait, or a wait that ran out of time)',
	),
	callOptionsCollection('path', waitOptions),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['waitForProcessing'] } },
	properties,
);

interface WaitPlan extends AvatarCallPlan {
	assetId: string;
	wait: WaitSettings;
}

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): WaitPlan {
	const assetId = recordIdOf(this, itemIndex, ASSETS);
	const wait = readWaitSettings(this, itemIndex);
	return { assetId, wait, ...planAvatarCall(this, itemIndex, credentials) };
}

export async function run(
	this: IExecuteFunctions,
	{ assetId, wait, settings, fullResponse }: WaitPlan,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return jsonItems([
		outputOf(await waitForAsset(this, itemIndex, settings, assetId, wait), fullResponse),
	]);
}
