import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
// The .js suffix: without it tsx resolves `SocialData.node` to the codex file SocialData.node.json.
import { SocialData } from '../../nodes/SocialData/SocialData.node.js';
import { runNode, simulatorCredentials } from '../../tools/harness';

export const SOCIAL_DATA_TYPE = 'n8n-nodes-social-gateway.socialData';

/** The data call the per-item benches make: one channel video's detail, whose answer carries 64-bit ids. */
export const VIDEO_DETAIL_ENDPOINT = '/api/v1/wechat_channels/v2/fetch_video_detail';

/**
 * The `raw` every side of a comparison sends, explicitly: the service answers the upstream shape
 * when it is absent, the pack sends false by default, and the two answers hold different ids.
 */
const VIDEO_DETAIL_RAW = false;

export const videoDetailParameters = (concurrency: number): INodeParameters => ({
	resource: 'channels',
	operation: 'fetch_video_detail',
	object_id: '={{ $json.objectId }}',
	export_id: '',
	share_url: '',
	options: { concurrency, raw: VIDEO_DETAIL_RAW },
});

/** The run input the Social Data node sends for one video: what every other contender sends too. */
export const videoDetailInput = (objectId: unknown): Record<string, unknown> => ({
	object_id: objectId,
	raw: VIDEO_DETAIL_RAW,
});

/** `count` items, each naming another video: ids above 2^53 counted up from a well-known one. */
export function objectIdItems(count: number, firstObjectId: string): INodeExecutionData[] {
	const first = BigInt(firstObjectId);
	return Array.from({ length: count }, (_, index) => ({
		json: { objectId: String(first + BigInt(index)) },
	}));
}

/** Runs the Social Data node behind a start node in n8n's engine (the harness) and returns its output. */
export async function runSocialDataNode(
	baseUrl: string,
	parameters: INodeParameters,
	inputItems: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const result = await runNode({
		node: new SocialData(),
		type: SOCIAL_DATA_TYPE,
		parameters,
		credentials: simulatorCredentials(baseUrl),
		inputItems,
	});
	const error = result.errorOf();
	if (error) throw new Error(`Social Data failed in the bench: ${error.message}`);
	return result.items;
}
