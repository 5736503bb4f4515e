import type { IExecuteFunctions, INodeProperties, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import type { AvatarCallPlan } from '../../helpers/callPlan';
import { avatarBody, planAvatarCall, sendPlanned } from '../../helpers/callPlan';
import { absoluteHttpUrl, requiredText } from '../../../shared/execution/fieldChecks';
import { outputOf, resultOf } from '../../helpers/output';
import type { WaitSettings } from '../../helpers/waitForAsset';
import { waitForAsset } from '../../helpers/waitForAsset';
import { endpointOf } from '../../transport/avatarCall';
import { GatewayError } from '../../../shared/transport/errors';
import { ASSETS_PATH } from '../../transport/paths';
import { assetTypeProperty, readWaitSettings } from './assetFields';
import { callOptionsCollection, waitOptions } from '../descriptions';
import { GROUPS, recordIdOf, recordLocator } from '../records';

export const endpoint = endpointOf({ method: 'POST', path: ASSETS_PATH });

const properties: INodeProperties[] = [
	recordLocator(
		GROUPS,
		'The group the asset goes into (the ID a group operation returns in Result.Id)',
	),
	{
		displayName: 'URL',
		name: 'URL',
		builderHint: {
			propertyHint:
				'A public http(s) URL of the material file, from the user or an earlier result.',
		},
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/portrait.jpg',
		description: 'Publicly reachable http(s) address of the material; the service downloads it',
	},
	assetTypeProperty,
	{
		displayName: 'Wait for Processing',
		name: 'waitForProcessing',
		type: 'boolean',
		default: true,
		description:
			'Whether to poll the new asset until it leaves Processing and output it once Active (Failed or a passed maximum wait become errors)',
	},
	callOptionsCollection('body', [
		{
			displayName: 'Name',
			name: 'Name',
			type: 'string',
			default: '',
			description: 'Name of the asset',
		},
		...waitOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['upload'] } },
	properties,
);

const URL_FIELD = { name: 'URL', displayName: 'URL' };
const ASSET_TYPE = { name: 'AssetType', displayName: 'Asset Type' };
const NAME = { name: 'Name', displayName: 'Name' };

interface UploadPlan extends AvatarCallPlan {
	/** Absent when the upload does not wait for processing. */
	waitSettings?: WaitSettings;
}

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): UploadPlan {
	const required = {
		GroupId: recordIdOf(this, itemIndex, GROUPS),
		URL: absoluteHttpUrl(URL_FIELD, this.getNodeParameter(URL_FIELD.name, itemIndex)),
		AssetType: requiredText(ASSET_TYPE, this.getNodeParameter(ASSET_TYPE.name, itemIndex)),
	};
	const body = avatarBody(this, itemIndex, required, [NAME]);
	const wait = this.getNodeParameter('waitForProcessing', itemIndex, true) as boolean;
	const waitSettings = wait ? readWaitSettings(this, itemIndex) : undefined;
	return { ...planAvatarCall(this, itemIndex, credentials, body), waitSettings };
}

export async function run(
	this: IExecuteFunctions,
	plan: UploadPlan,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { waitSettings, settings, fullResponse } = plan;
	const answer = await sendPlanned(plan, 'POST', ASSETS_PATH);
	if (!waitSettings) return jsonItems([outputOf(answer, fullResponse)]);
	const assetId = resultOf(answer).Id;
	if (typeof assetId !== 'string' || assetId === '') {
		throw new GatewayError(
			`The answer to ${endpoint} carries no asset id in Result.Id, so the asset cannot be polled`,
			{
				kind: 'invalid-response',
				endpoint,
			},
		);
	}
	return jsonItems([
		outputOf(await waitForAsset(this, itemIndex, settings, assetId, waitSettings), fullResponse),
	]);
}
