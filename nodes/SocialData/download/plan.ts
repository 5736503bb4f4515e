import type { IDataObject } from 'n8n-workflow';
import type { ParameterReader } from '../pipeline/readParameters';
import type { Input } from '../pipeline/validateInput';
import { InputError } from '../../shared/execution';
import { buildInput } from '../pipeline/validateInput';
import { idsOf } from '../pipeline/batch';
import type { CeilingLimits } from '../pipeline/creditCeiling';
import type { VideoSelection } from './properties';
import { BATCH_PLAY_LINKS, CHANNEL_VIDEO_DETAIL, SINGLE_PLAY_LINK } from './properties';

export interface DownloadSettings {
	binaryProperty: string;
	/** Timeout of the gateway call in seconds (0: the endpoint's default). */
	timeoutSeconds: number;
	/** The longest one file may take. */
	downloadMs: number;
	/** The spending limits of the execution (0: none), as in the node's other operations. */
	creditBudget: number;
	ceiling: CeilingLimits;
}

export type DownloadPlan =
	| { kind: 'single'; itemIndex: number; input: Input; settings: DownloadSettings }
	| { kind: 'batch'; itemIndex: number; ids: string[]; settings: DownloadSettings }
	| { kind: 'channel'; itemIndex: number; input: Input; settings: DownloadSettings };

interface DownloadOptions extends IDataObject {
	binaryPropertyName?: string;
	timeout?: number;
	downloadMinutes?: number;
	creditBudget?: number;
	creditCeilingPerHour?: number;
	creditCeilingPerDay?: number;
	region?: string;
	object_nonce_id?: string;
}

const CREDIT_OPTIONS = {
	creditBudget: 'Credit Budget',
	creditCeilingPerHour: 'Credit Ceiling per Hour',
	creditCeilingPerDay: 'Credit Ceiling per Day',
} as const;

function creditsOf(options: DownloadOptions, name: keyof typeof CREDIT_OPTIONS): number {
	const credits = Number(options[name] ?? 0);
	if (!(Number.isFinite(credits) && credits >= 0))
		throw InputError.about(
			{ name, displayName: CREDIT_OPTIONS[name] },
			'must be a number of credits, 0 or more',
		);
	return credits;
}

function settingsOf(options: DownloadOptions): DownloadSettings {
	const binaryProperty = String(options.binaryPropertyName ?? 'data').trim();
	if (!binaryProperty)
		throw InputError.about(
			{ name: 'binaryPropertyName', displayName: 'Binary Property' },
			'must not be empty',
		);
	return {
		binaryProperty,
		timeoutSeconds: Number(options.timeout ?? 0),
		downloadMs: Math.max(1, Number(options.downloadMinutes ?? 30)) * 60_000,
		creditBudget: creditsOf(options, 'creditBudget'),
		ceiling: {
			perHour: creditsOf(options, 'creditCeilingPerHour'),
			perDay: creditsOf(options, 'creditCeilingPerDay'),
		},
	};
}

/** Reads and checks one item's parameters: nothing is called yet, so bad input costs nothing. */
export function planDownload(
	parameters: ParameterReader,
	resource: string,
	itemIndex: number,
): DownloadPlan {
	const options = parameters.get<DownloadOptions>('options', itemIndex, {});
	const settings = settingsOf(options);
	if (resource === 'channels') {
		const given: Input = { object_nonce_id: options.object_nonce_id, raw: false };
		for (const name of ['object_id', 'export_id', 'share_url'])
			given[name] = parameters.get(name, itemIndex, '');
		return {
			kind: 'channel',
			itemIndex,
			input: buildInput(CHANNEL_VIDEO_DETAIL, given),
			settings,
		};
	}
	const selection = parameters.get<VideoSelection>('videoSelection', itemIndex, 'single');
	if (selection === 'batch') {
		return {
			kind: 'batch',
			itemIndex,
			ids: idsOf(BATCH_PLAY_LINKS, { aweme_ids: parameters.get('aweme_ids', itemIndex, '') }),
			settings,
		};
	}
	const given: Input = {
		region: options.region,
		aweme_id: parameters.get('aweme_id', itemIndex, ''),
		share_url: parameters.get('share_url', itemIndex, ''),
	};
	return { kind: 'single', itemIndex, input: buildInput(SINGLE_PLAY_LINK, given), settings };
}
