/**
 * Whether a rejected call was refused because the key's credit balance or quota is used up. The
 * spec does not show how the service says so; the services its interfaces follow say it in these
 * ways (sources in simulator/recorded/README.md › Quota and balance refusals):
 * - HTTP 402 Payment Required;
 * - an error code: OpenAI's `insufficient_quota` (sent with 429, which must not be retried), the
 *   quota codes of relays built on new-api (`insufficient_user_quota`,
 *   `pre_consume_token_quota_failed`, sent with 403), `insufficient_balance`, `insufficient_credits`;
 * - only a message, where the format has no code field (new-api's messages-format errors): "token
 *   quota is not enough", "用户额度不足" (user quota too low), "预扣费额度失败" (pre-charge failed),
 *   "该令牌额度已用尽" (this key's quota is used up), "余额不足" (balance too low).
 * A rate limit ("quota exceeded for requests per minute", RESOURCE_EXHAUSTED) is not one of them:
 * it passes and may be retried.
 */
const PAYMENT_REQUIRED = 402;

const QUOTA_CODES = new Set([
	'insufficient_quota',
	'insufficient_user_quota',
	'pre_consume_token_quota_failed',
	'insufficient_balance',
	'insufficient_credits',
]);

const QUOTA_MESSAGES =
	/token quota is not enough|insufficient[ _](?:user[ _])?(?:balance|quota|credits?)\b|用户额度不足|预扣费额度失败|额度已用尽|余额不足/i;

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as Fields)
		: undefined;

/** The codes an error body carries: `code` and `type`, at the top and inside `error` or `detail`. */
function codesOf(body: unknown): string[] {
	const top = fieldsOf(body);
	if (!top) return [];
	return [top, fieldsOf(top.error), fieldsOf(top.detail)]
		.flatMap((fields) => [fields?.code, fields?.type])
		.filter((code): code is string => typeof code === 'string');
}

export function isQuotaRefusal(
	status: number,
	body: unknown,
	serviceMessage: string | undefined,
): boolean {
	if (status === PAYMENT_REQUIRED) return true;
	if (status < 400 || status >= 500) return false;
	if (codesOf(body).some((code) => QUOTA_CODES.has(code.toLowerCase()))) return true;
	return serviceMessage !== undefined && QUOTA_MESSAGES.test(serviceMessage);
}

/** The message of a quota or balance refusal: what happened and where to fix it. */
export function quotaRefusalMessage(
	endpoint: string,
	status: number,
	serviceMessage: string | undefined,
): string {
	return (
		`The service refused ${endpoint}: the key's credit balance or quota is used up ` +
		`(HTTP ${status}${serviceMessage ? `: ${serviceMessage}` : ''}). ` +
		"Top up or raise the key's quota in your provider's console"
	);
}
