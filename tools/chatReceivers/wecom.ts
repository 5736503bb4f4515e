import {
	isObject,
	isText,
	parseJson,
	startReceiver,
	utf8Bytes,
	type BotAnswer,
	type BotRequest,
	type ChatReceiver,
} from './receiverServer';
import { RateLimiter } from './rateLimit';

/** WeCom (企业微信) group bot limits (see README.md in this folder). */
export const WECOM_LIMITS = {
	markdownBytes: 4096,
	textBytes: 2048,
	perMinute: 20,
} as const;

const SEND_PATH = '/cgi-bin/webhook/send';

const answer = (errcode: number, errmsg: string): BotAnswer => ({
	status: 200,
	body: { errcode, errmsg },
});

export interface WeComReceiver extends ChatReceiver {
	/** The webhook a workflow posts to: <origin>/cgi-bin/webhook/send?key=<key>. */
	url: string;
	key: string;
}

/**
 * A local WeCom group bot: JSON bodies of its msg types, text content up to 2,048 bytes and markdown
 * content up to 4,096 bytes (UTF-8), 20 messages a minute per bot; every refusal is HTTP 200 with an
 * `errcode`, as the real bot answers.
 */
export async function startWeComReceiver(
	options: { key?: string; now?: () => number } = {},
): Promise<WeComReceiver> {
	const key = options.key ?? 'wecom-bot-key';
	const limiter = new RateLimiter([{ count: WECOM_LIMITS.perMinute, windowMs: 60_000 }]);
	const handle = (request: BotRequest, now: number): BotAnswer => {
		if (request.path !== SEND_PATH || request.query.get('key') !== key)
			return answer(93000, 'invalid webhook url');
		const message = parseJson(request.body);
		if (!isObject(message)) return answer(40035, 'invalid Request Parameter: body is not JSON');
		const refusal = contentRefusal(message);
		if (refusal) return refusal;
		if (!limiter.allows(key, now)) return answer(45009, 'api freq out of limit');
		limiter.record(key, now);
		return answer(0, 'ok');
	};
	const receiver = await startReceiver(handle, {
		now: options.now ?? Date.now,
		onReset: () => limiter.reset(),
	});
	return { ...receiver, url: `${receiver.origin}${SEND_PATH}?key=${key}`, key };
}

function contentRefusal(message: Record<string, unknown>): BotAnswer | undefined {
	const type = message.msgtype;
	if (type === 'text' || type === 'markdown') {
		const part = message[type];
		const limit = type === 'text' ? WECOM_LIMITS.textBytes : WECOM_LIMITS.markdownBytes;
		if (!isObject(part) || !isText(part.content)) return answer(44004, `${type}.content is empty`);
		if (utf8Bytes(part.content) > limit)
			return answer(40058, `${type}.content exceed max length ${limit}`);
		return undefined;
	}
	if (type === 'image' || type === 'news' || type === 'file' || type === 'template_card')
		return isObject(message[type]) ? undefined : answer(40035, `missing ${type}`);
	return answer(40008, 'invalid message type');
}
