import {
	isObject,
	isText,
	parseJson,
	startReceiver,
	type BotAnswer,
	type BotRequest,
	type ChatReceiver,
} from './receiverServer';
import { RateLimiter } from './rateLimit';
import { feishuSign, sameText, SIGNATURE_WINDOW_MS } from './signatures';

/** Feishu/Lark custom bot limits (see README.md in this folder). */
export const FEISHU_LIMITS = {
	bodyBytes: 20 * 1024,
	perSecond: 5,
	perMinute: 100,
} as const;

const HOOK_PATH = '/open-apis/bot/v2/hook/';

const ok = (): BotAnswer => ({
	status: 200,
	body: { code: 0, msg: 'success', data: {}, StatusCode: 0, StatusMessage: 'success' },
});
const badRequest = (msg = 'Bad Request'): BotAnswer => ({
	status: 400,
	body: { code: 9499, msg, data: {} },
});
const refused = (code: number, msg: string): BotAnswer => ({
	status: 200,
	body: { code, msg, data: {} },
});

export interface FeishuReceiver extends ChatReceiver {
	/** The webhook a workflow posts to: <origin>/open-apis/bot/v2/hook/<token>. */
	url: string;
	token: string;
}

/**
 * A local Feishu/Lark custom bot (group webhook): JSON bodies of the msg types a custom bot takes,
 * at most 20 KB, 5 a second and 100 a minute, and, when `secret` is set, `timestamp` (seconds) and
 * `sign` in the body, within an hour of its clock.
 */
export async function startFeishuReceiver(
	options: { token?: string; secret?: string; now?: () => number } = {},
): Promise<FeishuReceiver> {
	const token = options.token ?? 'feishu-hook-token';
	const limiter = new RateLimiter([
		{ count: FEISHU_LIMITS.perSecond, windowMs: 1000 },
		{ count: FEISHU_LIMITS.perMinute, windowMs: 60_000 },
	]);
	const handle = (request: BotRequest, now: number): BotAnswer => {
		if (request.path !== `${HOOK_PATH}${token}`)
			return refused(19001, 'param invalid: incoming webhook access token invalid');
		if (request.body.length > FEISHU_LIMITS.bodyBytes) return badRequest();
		const message = parseJson(request.body);
		if (!isObject(message) || !hasValidContent(message)) return badRequest();
		if (options.secret !== undefined && !signatureHolds(message, options.secret, now))
			return refused(
				19021,
				'sign match fail or timestamp is not within one hour from current time',
			);
		if (!limiter.allows(token, now)) return badRequest('too many request');
		limiter.record(token, now);
		return ok();
	};
	const receiver = await startReceiver(handle, {
		now: options.now ?? Date.now,
		onReset: () => limiter.reset(),
	});
	return { ...receiver, url: `${receiver.origin}${HOOK_PATH}${token}`, token };
}

function hasValidContent(message: Record<string, unknown>): boolean {
	const { content } = message;
	switch (message.msg_type) {
		case 'text':
			return isObject(content) && isText(content.text);
		case 'post':
			return isObject(content) && isObject(content.post);
		case 'image':
			return isObject(content) && isText(content.image_key);
		case 'share_chat':
			return isObject(content) && isText(content.share_chat_id);
		case 'interactive':
			return (
				isObject(message.card) &&
				(Array.isArray(message.card.elements) || isObject(message.card.body))
			);
		default:
			return false;
	}
}

function signatureHolds(message: Record<string, unknown>, secret: string, now: number): boolean {
	const { timestamp, sign } = message;
	if ((typeof timestamp !== 'string' && typeof timestamp !== 'number') || typeof sign !== 'string')
		return false;
	const seconds = Number(timestamp);
	if (!Number.isInteger(seconds) || Math.abs(now - seconds * 1000) > SIGNATURE_WINDOW_MS)
		return false;
	return sameText(sign, feishuSign(timestamp, secret));
}
