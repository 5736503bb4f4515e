import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { isRecord } from '../../shared/execution';
import { GatewayError } from '../../shared/transport/errors';
import type { Input } from '../pipeline/validateInput';
import type { BatchRecord } from '../pipeline/batch';
import { sendBatch } from '../pipeline/batch';
import { CreditLimitReached } from '../pipeline/creditBudget';
import { payloadOf } from '../pipeline/outputItems';
import { sendCall } from '../pipeline/sendCall';
import type { DownloadContext } from './fileDownload';
import { downloadFile, fileItem } from './fileDownload';
import { PassThroughStep } from './mediaSteps';
import type { DownloadSettings } from './plan';
import { BATCH_PLAY_LINKS, SINGLE_PLAY_LINK } from './properties';

const isLink = (value: unknown): value is string =>
	typeof value === 'string' && /^https?:\/\//i.test(value);

const fileNameOf = (videoId: unknown) =>
	`${String(videoId ?? 'video').replace(/[^\w.-]+/g, '_')}.mp4`;

async function downloadPlayLink(
	ctx: DownloadContext,
	url: string,
	videoId: unknown,
	billedBy: string,
	settings: DownloadSettings,
) {
	const link = { url, label: `the original_video_url of ${billedBy}`, billedBy };
	const { binary } = await downloadFile(
		ctx,
		link,
		() => new PassThroughStep(),
		{ name: fileNameOf(videoId) },
		settings,
	);
	return binary;
}

/** One video: one billed call for its play link, then its file. */
export async function downloadSingleVideo(
	ctx: DownloadContext,
	input: Input,
	settings: DownloadSettings,
): Promise<INodeExecutionData[]> {
	const answer = payloadOf(await sendCall(ctx.calls, SINGLE_PLAY_LINK, input));
	const data = isRecord(answer) ? answer : {};
	const url = data.original_video_url;
	if (!isLink(url)) {
		throw new GatewayError(
			`${SINGLE_PLAY_LINK.name} answered without an original_video_url: there is no file to download`,
			{
				kind: 'invalid-response',
				endpoint: SINGLE_PLAY_LINK.name,
			},
		);
	}
	const json: IDataObject = {
		video_id: data.video_id ?? input.aweme_id ?? null,
		original_video_url: url,
		video_data: data.video_data ?? null,
	};
	if (ctx.asTool) return [{ json }];
	const binary = await downloadPlayLink(ctx, url, json.video_id, SINGLE_PLAY_LINK.name, settings);
	return [fileItem(json, binary, settings)];
}

/**
 * The play links of the ids in calls of up to 50. A spending limit that stops a later call leaves
 * the links already paid for, and says so (`stoppedBy`).
 */
async function fetchPlayLinks(
	ctx: DownloadContext,
	ids: string[],
	itemIndex: number,
): Promise<{ records: BatchRecord[]; stoppedBy?: CreditLimitReached }> {
	const unique = [...new Set(ids)];
	const perCall = BATCH_PLAY_LINKS.batch!.maxPerCall;
	const records: BatchRecord[] = [];
	for (let start = 0; start < unique.length; start += perCall) {
		const owned = unique.slice(start, start + perCall).map((id) => ({ id, owner: itemIndex }));
		const fetched = await sendBatch(ctx.calls, BATCH_PLAY_LINKS, owned, {}).then(
			(answer) => ({ answer }),
			(error: unknown) => ({ error }),
		);
		if ('answer' in fetched) records.push(...fetched.answer);
		else if (fetched.error instanceof CreditLimitReached && start > 0)
			return { records, stoppedBy: fetched.error };
		else throw fetched.error;
	}
	return { records };
}

/**
 * Many videos: the batch endpoint in calls of up to 50, then one binary item per video it found.
 * A video the service could not resolve, or whose file failed, becomes an item saying why: the
 * others are kept, and nothing is fetched again.
 */
export async function downloadManyVideos(
	ctx: DownloadContext,
	ids: string[],
	itemIndex: number,
	settings: DownloadSettings,
): Promise<{ items: INodeExecutionData[]; missed: number; stoppedBy?: CreditLimitReached }> {
	const { records, stoppedBy } = await fetchPlayLinks(ctx, ids, itemIndex);
	const items: INodeExecutionData[] = [];
	let missed = 0;
	for (const { json: video } of records) {
		const base: IDataObject = {
			video_id: video.video_id ?? null,
			original_video_url: video.original_video_url ?? null,
			file_size: video.file_size ?? null,
			content_type: video.content_type ?? null,
		};
		if (video.success === false || !isLink(video.original_video_url)) {
			missed++;
			items.push({
				json: {
					...base,
					downloaded: false,
					error: String(video.error ?? 'no play link in the answer'),
				},
			});
			continue;
		}
		if (ctx.asTool) {
			items.push({ json: base });
			continue;
		}
		let failure: unknown;
		try {
			const binary = await downloadPlayLink(
				ctx,
				video.original_video_url,
				video.video_id,
				BATCH_PLAY_LINKS.name,
				settings,
			);
			items.push(fileItem({ ...base, downloaded: true }, binary, settings));
		} catch (error) {
			failure = error;
		}
		if (failure === undefined) continue;
		if (failure instanceof GatewayError && failure.details.kind === 'cancelled') throw failure;
		missed++;
		items.push({
			json: {
				...base,
				downloaded: false,
				error: failure instanceof Error ? failure.message : String(failure),
			},
		});
	}
	return { items, missed, stoppedBy };
}
