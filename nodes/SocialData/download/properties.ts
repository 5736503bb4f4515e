import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { EndpointDescriptor, FieldDescriptor, GroupKey } from '../descriptor';
import { findEndpoint } from '../descriptor';
import { optionsCollection } from '../../shared/execution';
import { fieldBuilderHint } from '../editor/builderHints';
import { fieldProperty } from '../editor/endpointProperties';
import { commonNodeOptions, timeoutOption } from '../editor/nodeOptions';

export const DOWNLOAD_OPERATION = 'download';

/** The endpoints whose answers carry the links a download fetches. */
export const SINGLE_PLAY_LINK = findEndpoint('fetch_video_high_quality_play_url', 'shortVideo')!;
export const BATCH_PLAY_LINKS = findEndpoint(
	'fetch_multi_video_high_quality_play_url',
	'shortVideo',
)!;
export const CHANNEL_VIDEO_DETAIL = findEndpoint('fetch_video_detail', 'channels')!;

const DOWNLOAD_BUILDER_HINTS: Partial<Record<GroupKey, string>> = {
	shortVideo:
		'The video file itself as binary data (property `data`), for storage or upload nodes. Fill `aweme_id` (or `share_url`), or set `videoSelection` to `batch` and fill `aweme_ids`.',
	channels:
		'A channel video as a playable MP4 in binary data (property `data`), for storage or upload nodes. Fill one of `object_id`, `export_id` or `share_url`.',
};

const DOWNLOAD_DESCRIPTIONS: Partial<Record<GroupKey, string>> = {
	shortVideo: 'Download the original-quality file of a video, or of many, as binary data',
	channels:
		'Download a channel video as a playable MP4 (decrypted with the decode key of the same answer)',
};

/** The resources with videos to download. */
export const DOWNLOAD_RESOURCES = Object.keys(DOWNLOAD_DESCRIPTIONS) as GroupKey[];

export type VideoSelection = 'single' | 'batch';

const field = (endpoint: EndpointDescriptor, name: string): FieldDescriptor =>
	endpoint.fields.find((candidate) => candidate.name === name)!;

const show = (
	resource: string,
	extra: Record<string, string[]> = {},
): INodeProperties['displayOptions'] => ({
	show: { resource: [resource], operation: [DOWNLOAD_OPERATION], ...extra },
});

function topLevel(
	endpoint: EndpointDescriptor,
	name: string,
	displayOptions: INodeProperties['displayOptions'],
	oneOfOf?: string[],
): INodeProperties {
	const descriptor = field(endpoint, name);
	const hint = oneOfOf ? `. One of ${oneOfOf.join(', ')} is needed; the first given wins` : '';
	return {
		...fieldProperty(descriptor),
		...(descriptor.required ? { required: true } : {}),
		description: `${descriptor.description}${hint}`,
		displayOptions,
		builderHint: fieldBuilderHint(descriptor),
	};
}

const binaryPropertyOption: INodeProperties = {
	displayName: 'Binary Property',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: 'Name of the binary property the video is written to',
};

const gatewayTimeoutOption: INodeProperties = {
	...timeoutOption,
	description:
		"Client timeout of the call that fetches the link; 0 uses the endpoint's default. Channel calls never use less than 30 s: the service may charge a call whose answer was not awaited.",
};

const downloadTimeoutOption: INodeProperties = {
	displayName: 'Download Timeout (Minutes)',
	name: 'downloadMinutes',
	type: 'number',
	default: 30,
	typeOptions: { minValue: 1 },
	description:
		'The longest one file may take to download; a download that stalls for a minute fails sooner',
};

/** The spending limits of the node's other operations: a link call is billed like any call. */
const SPEND_LIMIT_OPTIONS = ['creditBudget', 'creditCeilingPerHour', 'creditCeilingPerDay'];
const spendLimitOptions = commonNodeOptions.filter((option) =>
	SPEND_LIMIT_OPTIONS.includes(option.name),
);

const commonOptions = [
	binaryPropertyOption,
	downloadTimeoutOption,
	gatewayTimeoutOption,
	...spendLimitOptions,
];

const shortVideoProperties: INodeProperties[] = [
	{
		displayName: 'Videos',
		name: 'videoSelection',
		type: 'options',
		noDataExpression: true,
		default: 'single',
		options: [
			{
				name: 'One Video',
				value: 'single',
				description: `By Aweme ID or share link (${SINGLE_PLAY_LINK.name})`,
			},
			{
				name: 'Many Videos',
				value: 'batch',
				description: `By a list of Aweme IDs, in calls of up to 50 (${BATCH_PLAY_LINKS.name}, each call priced as 50 videos)`,
			},
		],
		displayOptions: show('shortVideo'),
	},
	topLevel(SINGLE_PLAY_LINK, 'aweme_id', show('shortVideo', { videoSelection: ['single'] }), [
		'Aweme ID',
		'Share URL',
	]),
	topLevel(SINGLE_PLAY_LINK, 'share_url', show('shortVideo', { videoSelection: ['single'] }), [
		'Aweme ID',
		'Share URL',
	]),
	topLevel(BATCH_PLAY_LINKS, 'aweme_ids', show('shortVideo', { videoSelection: ['batch'] })),
	optionsCollection(
		[
			...commonOptions,
			{
				...fieldProperty(field(SINGLE_PLAY_LINK, 'region')),
				description: `${field(SINGLE_PLAY_LINK, 'region').description} (one video only)`,
			},
		],
		show('shortVideo'),
	),
];

const CHANNEL_ONE_OF = ['Object ID', 'Export ID', 'Share URL'];

const channelProperties: INodeProperties[] = [
	topLevel(CHANNEL_VIDEO_DETAIL, 'object_id', show('channels'), CHANNEL_ONE_OF),
	topLevel(CHANNEL_VIDEO_DETAIL, 'export_id', show('channels'), CHANNEL_ONE_OF),
	topLevel(CHANNEL_VIDEO_DETAIL, 'share_url', show('channels'), CHANNEL_ONE_OF),
	optionsCollection(
		[...commonOptions, fieldProperty(field(CHANNEL_VIDEO_DETAIL, 'object_nonce_id'))],
		show('channels'),
	),
];

/** The fields of the download operation of both resources. */
export const downloadProperties: INodeProperties[] = [
	...shortVideoProperties,
	...channelProperties,
];

/** Adds "Download Video" to the operation dropdown of the resources that have videos to download. */
export function withDownloadOperation(operation: INodeProperties): INodeProperties {
	const resource = operation.displayOptions?.show?.resource?.[0];
	const description =
		typeof resource === 'string' ? DOWNLOAD_DESCRIPTIONS[resource as GroupKey] : undefined;
	if (!description) return operation;
	const download: INodePropertyOptions = {
		name: 'Download Video',
		value: DOWNLOAD_OPERATION,
		description,
		action: 'Download a video',
		builderHint: { propertyHint: DOWNLOAD_BUILDER_HINTS[resource as GroupKey]! },
	};
	const options = [...((operation.options ?? []) as INodePropertyOptions[]), download].sort(
		(a, b) => a.name.localeCompare(b.name),
	);
	return { ...operation, options };
}
