import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { cancelSignalOf, planEveryItem, planOrRefusal, runItems } from '../../shared/execution';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { redactDeep } from '../../shared/transport/redact';
import { CreditBudget } from '../pipeline/creditBudget';
import { ParameterReader } from '../pipeline/readParameters';
import type { CallContext } from '../pipeline/sendCall';
import { downloadChannelVideo } from './channelDownload';
import type { DownloadContext } from './fileDownload';
import type { DownloadPlan } from './plan';
import { planDownload } from './plan';
import { BATCH_PLAY_LINKS, CHANNEL_VIDEO_DETAIL, SINGLE_PLAY_LINK } from './properties';
import { downloadManyVideos, downloadSingleVideo } from './shortVideoDownload';

/** n8n runs a node an AI Agent calls as `<package>.<name>Tool`; the agent's wrapper drops binaries. */
export const isToolNodeType = (type: string): boolean =>
	(type.split('.').pop() ?? '').endsWith('Tool');

const ENDPOINT_OF: Record<DownloadPlan['kind'], string> = {
	single: SINGLE_PLAY_LINK.name,
	batch: BATCH_PLAY_LINKS.name,
	channel: CHANNEL_VIDEO_DETAIL.name,
};

async function downloadPlanned(
	ctx: DownloadContext,
	plan: DownloadPlan,
): Promise<INodeExecutionData[]> {
	if (plan.kind === 'channel') return await downloadChannelVideo(ctx, plan.input, plan.settings);
	if (plan.kind === 'single') return await downloadSingleVideo(ctx, plan.input, plan.settings);
	const { items, missed } = await downloadManyVideos(ctx, plan.ids, plan.itemIndex, plan.settings);
	if (missed > 0) {
		ctx.node.addExecutionHints({
			message: `${missed} of ${items.length} videos were not downloaded; their items say why (downloaded: false, error)`,
			location: 'outputPane',
		});
	}
	return items;
}

/**
 * The `download` operation of Short Video and Channels: per item, one billed call for the link,
 * then the file streamed into n8n's binary store (channel videos decrypted on the way). Items are
 * downloaded one after another: each holds a file download.
 */
export async function downloadVideos(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const parameters = new ParameterReader(this);
	const planned = await planEveryItem(this, (itemIndex) =>
		planDownload(parameters, resource, itemIndex),
	);
	const credentials = await getGatewayCredentials(this);
	const asTool = isToolNodeType(this.getNode().type);
	const output = await runItems(
		this,
		async (itemIndex) => {
			const plan = planOrRefusal(planned[itemIndex]);
			const calls: CallContext = {
				credentials,
				budget: new CreditBudget(0),
				signal: cancelSignalOf(this),
				timeoutSeconds: plan.settings.timeoutSeconds,
			};
			const results = await downloadPlanned({ node: this, calls, asTool }, plan);
			return results.map((result) => ({
				...result,
				json: redactDeep(result.json, credentials.apiKey),
				pairedItem: { item: itemIndex },
			}));
		},
		{
			endpoint: (itemIndex) => {
				const item = planned[itemIndex];
				return item.ok ? ENDPOINT_OF[item.plan.kind] : 'download';
			},
			apiKey: credentials.apiKey,
		},
	);
	return [output];
}
