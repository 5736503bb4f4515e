import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { PlannedItem } from '../../shared/execution';
import {
	addOutputHints,
	cancelSignalOf,
	planEveryItem,
	planOrRefusal,
	runItems,
} from '../../shared/execution';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { redactDeep } from '../../shared/transport/redact';
import { callsFor } from '../pipeline/batch';
import { CreditBudget, CreditLimitReached, limitStopHint } from '../pipeline/creditBudget';
import { creditCeilingOf } from '../pipeline/creditCeiling';
import { ParameterReader } from '../pipeline/readParameters';
import type { CallContext } from '../pipeline/sendCall';
import { downloadChannelVideo } from './channelDownload';
import type { DownloadContext } from './fileDownload';
import type { DownloadPlan, DownloadSettings } from './plan';
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

/** The link calls a plan needs: one, or one per 50 ids of Many Videos. */
const callsOf = (plan: DownloadPlan): number =>
	plan.kind === 'batch' ? callsFor(BATCH_PLAY_LINKS, plan.ids.length) : 1;

const PRICE_OF: Record<DownloadPlan['kind'], number> = {
	single: SINGLE_PLAY_LINK.price.credits,
	batch: BATCH_PLAY_LINKS.price.credits,
	channel: CHANNEL_VIDEO_DETAIL.price.credits,
};

/** Fails before any call when the link calls of every item together cost more than the Credit Budget. */
function checkEstimate(
	node: IExecuteFunctions,
	budget: CreditBudget,
	planned: Array<PlannedItem<DownloadPlan>>,
) {
	const plans = planned.flatMap((item) => (item.ok ? [item.plan] : []));
	const calls = plans.reduce((sum, plan) => sum + callsOf(plan), 0);
	const credits = plans.reduce((sum, plan) => sum + callsOf(plan) * PRICE_OF[plan.kind], 0);
	try {
		budget.checkEstimate(credits, calls);
	} catch (error) {
		throw new NodeOperationError(node.getNode(), (error as Error).message);
	}
}

/** The files of one item; `stoppedBy` when a spending limit stopped its later link calls. */
async function downloadPlanned(
	ctx: DownloadContext,
	plan: DownloadPlan,
): Promise<{ items: INodeExecutionData[]; stoppedBy?: CreditLimitReached }> {
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
	// The budget and the ceilings hold for the whole execution, as in the node's other operations: the first item's values.
	const first: DownloadSettings | undefined = planned.find((item) => item.ok)?.plan.settings;
	const budget = new CreditBudget(first?.creditBudget ?? 0);
	const ceiling = first ? creditCeilingOf(this, first.ceiling) : undefined;
	checkEstimate(this, budget, planned);
	let stoppedByLimit = false;
	const output = await runItems(
		this,
		async (itemIndex) => {
			if (stoppedByLimit) return [];
			const plan = planOrRefusal(planned[itemIndex]);
			const calls: CallContext = {
				credentials,
				budget,
				ceiling,
				signal: cancelSignalOf(this),
				timeoutSeconds: plan.settings.timeoutSeconds,
			};
			const fetched = await downloadPlanned({ node: this, calls, asTool }, plan).then(
				(results) => ({ results }),
				(error: unknown) => ({ error }),
			);
			if ('error' in fetched) {
				// Once this execution paid for links, a spending limit ends it with the files already fetched.
				const { error } = fetched;
				if (!(error instanceof CreditLimitReached) || budget.spent === 0) throw error;
				addOutputHints(this, [limitStopHint(itemIndex, planned.length, error)]);
				stoppedByLimit = true;
				return [];
			}
			const { items, stoppedBy } = fetched.results;
			if (stoppedBy) {
				addOutputHints(this, [
					`Stopped within item ${itemIndex + 1} of ${planned.length}: the videos whose links were paid for are in the output, the rest of its ids and the items after it were not sent. ${stoppedBy.message}`,
				]);
				stoppedByLimit = true;
			}
			return items.map((result) => ({
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
			stopsNode: (error) => error instanceof CreditLimitReached,
		},
	);
	return [output];
}
