import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { GatewayError } from '../../shared/transport/errors';
import type { AvatarAnswer, AvatarCallSettings } from '../transport/avatarCall';
import { callAvatar } from '../transport/avatarCall';
import { assetPath } from '../transport/paths';
import { resultOf } from './output';

export interface WaitSettings {
	pollIntervalMs: number;
	maxWaitMs: number;
}

export const DEFAULT_POLL_INTERVAL_SECONDS = 5;
export const DEFAULT_MAX_WAIT_SECONDS = 300;

/** An asset that failed processing or was still processing when the wait ran out; carries its id. */
export class AssetProcessingError extends NodeOperationError {
	constructor(
		context: IExecuteFunctions,
		itemIndex: number,
		message: string,
		readonly assetId: string,
		readonly assetStatus: string,
		readonly serviceMessage: string | undefined,
		description: string,
	) {
		super(context.getNode(), message, { itemIndex, description });
	}
}

const assetOfFailedPoll = new WeakMap<object, string>();

/** The asset a failed wait was about: its own error, or a failed poll (network, HTTP) during the wait. */
export function assetIdOfError(error: unknown): string | undefined {
	if (error instanceof AssetProcessingError) return error.assetId;
	return error !== null && typeof error === 'object' ? assetOfFailedPoll.get(error) : undefined;
}

async function poll(settings: AvatarCallSettings, assetId: string): Promise<AvatarAnswer> {
	try {
		return await callAvatar(settings, { method: 'GET', path: assetPath(assetId) });
	} catch (error) {
		const named =
			error instanceof GatewayError
				? new GatewayError(
						`${error.message} (while waiting for asset ${assetId}; it may still become Active, poll it later)`,
						error.details,
					)
				: error;
		if (named !== null && typeof named === 'object') assetOfFailedPoll.set(named, assetId);
		throw named;
	}
}

function statusOf(result: Record<string, unknown>): string | undefined {
	const status = result.Status ?? result.status;
	return typeof status === 'string' ? status : undefined;
}

/** Where services put why an asset failed, most specific first; keys compared without case, `_` or `-`. */
const REASON_KEYS = [
	'failreason',
	'failedreason',
	'failurereason',
	'failmessage',
	'failedmessage',
	'failuremessage',
	'errormessage',
	'errormsg',
	'errmsg',
	'error',
	'failure',
	'reason',
	'statusmessage',
	'statusmsg',
	'statusreason',
	'statusdetail',
	'message',
	'msg',
	'detail',
	'details',
	'errordetail',
];
/** Objects that may hold the reason further down (e.g. `Result.Error`). */
const CONTAINER_KEYS = [
	'result',
	'errorinfo',
	'failinfo',
	'failureinfo',
	'statusinfo',
	'processresult',
	'processinginfo',
];
/** The code that goes before the reason; a bare `Code` only inside an error object, where it is the error's. */
const CODE_KEYS = ['errorcode', 'failcode', 'failedcode', 'failurecode', 'reasoncode'];
const MAX_DEPTH = 4;

const keyOf = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

function textOf(value: unknown, depth: number): string | undefined {
	if (typeof value === 'string') return value.trim() || undefined;
	if (Array.isArray(value)) {
		for (const entry of value) {
			const text = textOf(entry, depth);
			if (text) return text;
		}
		return undefined;
	}
	if (value !== null && typeof value === 'object' && depth <= MAX_DEPTH)
		return reasonIn(value as Record<string, unknown>, depth);
	return undefined;
}

/** The reason an object gives ("Code: Message" when it names a code too). */
function reasonIn(record: Record<string, unknown>, depth: number): string | undefined {
	const fields = new Map(Object.entries(record).map(([key, value]) => [keyOf(key), value]));
	const codeKeys = depth > 0 ? [...CODE_KEYS, 'code'] : CODE_KEYS;
	const code = codeKeys
		.map((key) => fields.get(key))
		.find((value): value is string => typeof value === 'string' && value.trim() !== '')
		?.trim();
	for (const key of [...REASON_KEYS, ...CONTAINER_KEYS]) {
		const text = textOf(fields.get(key), depth + 1);
		if (text) return code && !text.startsWith(code) ? `${code}: ${text}` : text;
	}
	return code;
}

/** Why a Failed asset failed, wherever the service put it: `Error`, `FailReason`, `StatusMessage`, `Result.Error`… */
function failureMessageOf(result: Record<string, unknown>): string | undefined {
	return reasonIn(result, 0);
}

/**
 * Polls `GET /v1/private-avatar/assets/{id}` until the status leaves Processing (spec: Avatar asset
 * status). Active gives the last answer; Failed, an unknown status or the maximum wait passing throw
 * an AssetProcessingError naming the asset. The first poll is immediate; a last poll falls on the deadline.
 */
export async function waitForAsset(
	context: IExecuteFunctions,
	itemIndex: number,
	settings: AvatarCallSettings,
	assetId: string,
	wait: WaitSettings,
): Promise<AvatarAnswer> {
	const started = Date.now();
	const deadline = started + wait.maxWaitMs;
	for (let polls = 1; ; polls++) {
		const answer = await poll(settings, assetId);
		const result = resultOf(answer);
		const status = statusOf(result);
		switch (status?.toLowerCase()) {
			case 'active':
				return answer;
			case 'processing': {
				const left = deadline - Date.now();
				if (left <= 0) {
					const seconds = Math.round((Date.now() - started) / 100) / 10;
					throw new AssetProcessingError(
						context,
						itemIndex,
						`Asset ${assetId} is still Processing after ${seconds} s (${polls} polls); the maximum wait has passed`,
						assetId,
						'Processing',
						undefined,
						`The asset was not deleted and may still become Active. Poll it later with the operation "Wait for Processing" (or "Get") and asset id ${assetId}, or raise Options › Maximum Wait.`,
					);
				}
				await sleep(Math.min(wait.pollIntervalMs, left), settings.signal);
				continue;
			}
			case 'failed': {
				const reason = failureMessageOf(result);
				throw new AssetProcessingError(
					context,
					itemIndex,
					`Asset ${assetId} failed processing${reason ? `: ${reason}` : ''}`,
					assetId,
					'Failed',
					reason,
					'Failed is terminal: the asset cannot be used. Check that the source URL is publicly reachable and of a kind the service accepts, then upload it again.',
				);
			}
			default:
				throw new AssetProcessingError(
					context,
					itemIndex,
					status === undefined
						? `The answer for asset ${assetId} carries no Status`
						: `Asset ${assetId} left Processing with the unexpected status "${status}" (expected Active or Failed)`,
					assetId,
					status ?? 'unknown',
					undefined,
					'The asset item is available with the operation "Get".',
				);
		}
	}
}
