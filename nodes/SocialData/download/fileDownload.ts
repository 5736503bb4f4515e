import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { GatewayError } from '../../shared/transport/errors';
import type { AnswerHeaders } from '../../shared/transport/request';
import { contentTypeOf } from '../../shared/transport/request';
import type { CallContext } from '../pipeline/sendCall';
import type { ChunkStep, OpenedMedia } from './mediaDownload';
import { openMedia, storeMedia } from './mediaDownload';
import type { DownloadSettings } from './plan';

/** What a download needs besides its link: n8n's helpers, the execution's credentials and cancel signal. */
export interface DownloadContext {
	node: IExecuteFunctions;
	calls: CallContext;
	/** The node runs as an AI Agent's tool: links and metadata instead of binaries. */
	asTool: boolean;
}

export interface DownloadedFile {
	binary: IBinaryData;
	headers: AnswerHeaders;
}

/** A silent media host fails after this long without a byte; the whole file has the Download Timeout. */
const SILENCE_MS = 60_000;

/** A media host answering a page or JSON instead of a file (an error page with status 200). */
function refuseNonMedia(opened: OpenedMedia, label: string): void {
	const type = contentTypeOf(opened.headers).toLowerCase();
	if (!/(text\/html|json|text\/plain)/.test(type)) return;
	opened.body.destroy();
	throw new GatewayError(
		`The link ${label} answered with ${type.split(';')[0]} instead of a video file`,
		{
			kind: 'invalid-response',
			endpoint: label,
			status: opened.status,
		},
	);
}

/**
 * Downloads one media link into n8n's binary store through `step` (`makeStep` sees the answer's
 * headers first, e.g. X-enclen). The link came from one billed gateway call that is never repeated
 * here: a failure says so, and a new execution fetches a new link.
 */
export async function downloadFile(
	ctx: DownloadContext,
	link: { url: string; label: string; billedBy: string },
	makeStep: (headers: AnswerHeaders) => ChunkStep,
	file: { name: string; mimeType?: string },
	settings: DownloadSettings,
): Promise<DownloadedFile> {
	const request = {
		url: link.url,
		label: link.label,
		timeoutMs: SILENCE_MS,
		deadlineMs: settings.downloadMs,
		signal: ctx.calls.signal,
		credentials: ctx.calls.credentials,
	};
	let result: DownloadedFile | undefined;
	let failure: unknown;
	try {
		const opened = await openMedia(ctx.node, request);
		refuseNonMedia(opened, link.label);
		const served = contentTypeOf(opened.headers).split(';')[0].trim();
		const mimeType = file.mimeType ?? (served.startsWith('video/') ? served : 'video/mp4');
		const binary = await storeMedia(ctx.node, request, opened, makeStep(opened.headers), {
			name: file.name,
			mimeType,
		});
		result = { binary, headers: opened.headers };
	} catch (error) {
		failure = error;
	}
	if (result) return result;
	if (failure instanceof GatewayError && failure.details.kind !== 'cancelled') {
		throw new GatewayError(
			`${failure.message.replace(/\.?$/, '.')} The link came from one call of ${link.billedBy}, which is not repeated`,
			failure.details,
		);
	}
	throw failure;
}

/** The item of a downloaded file: `json`, then the file's name, size and type, the file in the chosen field. */
export function fileItem(
	json: IDataObject,
	binary: IBinaryData,
	settings: DownloadSettings,
): INodeExecutionData {
	return {
		json: {
			...json,
			fileName: binary.fileName,
			fileSize: binary.bytes ?? null,
			mimeType: binary.mimeType,
		},
		binary: { [settings.binaryProperty]: binary },
	};
}
