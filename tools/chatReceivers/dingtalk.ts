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
import { dingTalkSign, sameText, SIGNATURE_WINDOW_MS } from './signatures';

/** DingTalk custom robot limits (see README.md in this folder). */
export const DINGTALK_LIMITS = {
	bodyBytes: 20_000,
	perMinute: 20,
} as const;

const SEND_PATH = '/robot/send';

const answer = (errcode: number, errmsg: string): BotAnswer => ({
	status: 200,
	body: { errcode, errmsg },
});

export interface DingTalkReceiver extends ChatReceiver {
	/** The webhook without its signature: <origin>/robot/send?access_token=<token>. */
	url: string;
	token: string;
	secret: string;
}

/**
 * A local DingTalk custom robot in "加签" (signed) mode: `timestamp` (ms) and `sign` in the query,
 * the sign the URL-encoded base64 HMAC-SHA256 of `timestamp + "\n" + secret` keyed by the secret,
 * within an hour of its clock; JSON bodies of its msg types up to 20,000 bytes; 20 messages a minute.
 * Every refusal is HTTP 200 with an `errcode`, as the real robot answers.
 */
export async function startDingTalkReceiver(
	options: { token?: string; secret?: string; now?: () => number } = {},
): Promise<DingTalkReceiver> {
	const token = options.token ?? 'dingtalk-access-token';
	const secret = options.secret ?? 'SECdingtalk-local-secret';
	const limiter = new RateLimiter([{ count: DINGTALK_LIMITS.perMinute, windowMs: 60_000 }]);
	const handle = (request: BotRequest, now: number): BotAnswer => {
		if (request.path !== SEND_PATH || request.query.get('access_token') !== token)
			return answer(300001, 'token is not exist');
		const timestamp = request.query.get('timestamp') ?? '';
		const sign = request.query.get('sign') ?? '';
		if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS)
			return answer(310000, 'invalid timestamp');
		if (!sameText(sign, dingTalkSign(timestamp, secret))) return answer(310000, 'sign not match');
		if (request.body.length > DINGTALK_LIMITS.bodyBytes)
			return answer(460101, 'message too long, exceed 20000 bytes');
		const message = parseJson(request.body);
		if (!isObject(message) || !hasValidContent(message))
			return answer(40035, 'missing or invalid parameter: msgtype and its content');
		if (!limiter.allows(token, now))
			return answer(130101, 'send too fast, exceed 20 times per minute');
		limiter.record(token, now);
		return answer(0, 'ok');
	};
	const receiver = await startReceiver(handle, {
		now: options.now ?? Date.now,
		onReset: () => limiter.reset(),
	});
	return {
		...receiver,
		url: `${receiver.origin}${SEND_PATH}?access_token=${token}`,
		token,
		secret,
	};
}

function hasValidContent(message: Record<string, unknown>): boolean {
	const part = message[String(message.msgtype)];
	if (!isObject(part)) return false;
	switch (message.msgtype) {
		case 'text':
			return isText(part.content);
		case 'markdown':
			return isText(part.title) && isText(part.text);
		case 'link':
			return isText(part.title) && isText(part.text) && isText(part.messageUrl);
		case 'actionCard':
			return isText(part.title) && isText(part.text);
		case 'feedCard':
			return Array.isArray(part.links) && part.links.length > 0;
		default:
			return false;
	}
}
