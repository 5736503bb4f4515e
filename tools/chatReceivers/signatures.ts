import { createHmac, timingSafeEqual } from 'node:crypto';

/** DingTalk: base64 HMAC-SHA256 of `timestamp + "\n" + secret`, keyed by the secret (timestamp in ms). */
export function dingTalkSign(timestampMs: string | number, secret: string): string {
	return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** Feishu/Lark: base64 HMAC-SHA256 of an empty message, keyed by `timestamp + "\n" + secret` (timestamp in s). */
export function feishuSign(timestampSeconds: string | number, secret: string): string {
	return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

export function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

/** Both bots take a signature for one hour either side of their clock. */
export const SIGNATURE_WINDOW_MS = 60 * 60_000;
