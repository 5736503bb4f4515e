import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { positiveSeconds } from '../../../shared/execution/fieldChecks';
import { optionOf } from '../../helpers/params';
import type { WaitSettings } from '../../helpers/waitForAsset';
import {
	DEFAULT_MAX_WAIT_SECONDS,
	DEFAULT_POLL_INTERVAL_SECONDS,
} from '../../helpers/waitForAsset';

/** The further required capitalised field of the upload; the spec does not name it or its values. */
export const assetTypeProperty: INodeProperties = {
	displayName: 'Asset Type',
	name: 'AssetType',
	builderHint: {
		propertyHint: 'The kind of material the URL holds; pick the option that matches the file.',
	},
	type: 'options',
	required: true,
	default: 'Image',
	options: [
		{ name: 'Image', value: 'Image' },
		{ name: 'Video', value: 'Video' },
		{ name: 'Audio', value: 'Audio' },
	],
	description: 'Kind of material at the URL (sent as AssetType)',
};

export const ASSET_STATUSES = ['Processing', 'Active', 'Failed'] as const;

export function readWaitSettings(context: IExecuteFunctions, itemIndex: number): WaitSettings {
	const interval = positiveSeconds(
		{ name: 'pollIntervalSeconds', displayName: 'Poll Interval (Seconds)' },
		optionOf(context, itemIndex, 'pollIntervalSeconds', DEFAULT_POLL_INTERVAL_SECONDS),
	);
	const maxWait = positiveSeconds(
		{ name: 'maxWaitSeconds', displayName: 'Maximum Wait (Seconds)' },
		optionOf(context, itemIndex, 'maxWaitSeconds', DEFAULT_MAX_WAIT_SECONDS),
	);
	return { pollIntervalMs: Math.round(interval * 1000), maxWaitMs: Math.round(maxWait * 1000) };
}
