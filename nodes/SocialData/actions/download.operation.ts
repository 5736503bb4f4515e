import type { INodeExecutionData } from 'n8n-workflow';
import type { ExecutionOperation, SpendingLimitReached } from '../../shared/execution';
import { cancelSignalOf, executionScoped } from '../../shared/execution';
import { redactDeep } from '../../shared/transport/redact';
import { callsFor } from '../pipeline/batch';
import { executionLimits } from '../pipeline/executionLimits';
import { ParameterReader } from '../pipeline/readParameters';
import { downloadChannelVideo } from '../download/channelDownload';
import type { DownloadContext } from '../download/fileDownload';
import type { DownloadPlan } from '../download/plan';
import { planDownload } from '../download/plan';
import { BATCH_PLAY_LINKS, CHANNEL_VIDEO_DETAIL, SINGLE_PLAY_LINK } from '../download/properties';
import { downloadManyVideos, downloadSingleVideo } from '../download/shortVideoDownload';

/** n8n runs a node an AI Agent calls as `<package>.<name>Tool`; the agent's wrapper drops binaries. */
export const isToolNodeType = (type: string): boolean =>
	(type.split('.').pop() ?? '').endsWith('Tool');

const LINK_ENDPOINT_OF: Record<DownloadPlan['kind'], typeof SINGLE_PLAY_LINK> = {
	single: SINGLE_PLAY_LINK,
	batch: BATCH_PLAY_LINKS,
	channel: CHANNEL_VIDEO_DETAIL,
};

/** The link calls a plan needs: one, or one per 50 ids of Many Videos. */
const callsOf = (plan: DownloadPlan): number =>
	plan.kind === 'batch' ? callsFor(BATCH_PLAY_LINKS, plan.ids.length) : 1;

/** The files of one item; `stoppedBy` when a spending limit stopped its later link calls. */
async function downloadPlanned(
	ctx: DownloadContext,
	plan: DownloadPlan,
): Promise<{ items: INodeExecutionData[]; stoppedBy?: SpendingLimitReached }> {
	if (plan.kind === 'channel')
		return { items: await downloadChannelVideo(ctx, plan.input, plan.settings) };
	if (plan.kind === 'single')
		return { items: await downloadSingleVideo(ctx, plan.input, plan.settings) };
	const { items, missed, stoppedBy } = await downloadManyVideos(
		ctx,
		plan.ids,
		plan.itemIndex,
		plan.settings,
	);
	if (missed > 0) {
		ctx.node.addExecutionHints({
			message: `${missed} of ${items.length} videos were not downloaded; their items say why (downloaded: false, error)`,
			location: 'outputPane',
		});
	}
	return { items, stoppedBy };
}

/**
 * The `download` operation of Short Video and Channels: per item, one billed call for the link,
 * then the file streamed into n8n's binary store (channel videos decrypted on the way). Items are
 * downloaded one after another: each holds a file download. The spending limits come from the
 * first item that passed its checks, as in the node's other operations.
 */
export function downloadOperation(): ExecutionOperation<DownloadPlan> {
	const parametersOf = executionScoped((node) => new ParameterReader(node));
	return {
		kind: 'perExecution',
		endpoint: 'download',
		endpointOf: (plan) => LINK_ENDPOINT_OF[plan.kind].name,
		plan(itemIndex) {
			const resource = this.getNodeParameter('resource', 0) as string;
			return planDownload(parametersOf(this), resource, itemIndex);
		},
		start(passed, { settings }, credentials) {
			const asTool = isToolNodeType(this.getNode().type);
			const { budget, ceiling } = executionLimits(
				this,
				settings,
				passed.map(({ plan }) => {
					const calls = callsOf(plan);
					return { calls, credits: calls * LINK_ENDPOINT_OF[plan.kind].price.credits };
				}),
			);
			return {
				// Once this execution paid for links, a spending limit ends it with the files already fetched.
				paid: () => budget.spent > 0,
				async run(plan) {
					const calls = {
						credentials,
						budget,
						ceiling,
						signal: cancelSignalOf(this),
						timeoutSeconds: plan.settings.timeoutSeconds,
					};
					const { items, stoppedBy } = await downloadPlanned({ node: this, calls, asTool }, plan);
					const output = items.map((item) => ({
						...item,
						json: redactDeep(item.json, credentials.apiKey),
					}));
					if (!stoppedBy) return output;
					stoppedBy.partial = {
						output,
						kept: 'the videos whose links were paid for are in the output, the rest of its ids',
					};
					throw stoppedBy;
				},
			};
		},
	};
}
