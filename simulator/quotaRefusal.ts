import { authSchemeForPath } from './auth';
import type { SimResponse } from './routes/types';

/**
 * How the service refuses a call when the key's credit balance or quota is used up, before doing
 * the work (nothing is billed). The spec does not show it (sources: recorded/README.md › Quota and
 * balance refusals):
 * - the data gateway answers 402 Payment Required in its own error shape;
 * - the model interfaces, relayed the way new-api relays do, answer 403 with new-api's quota error:
 *   `{error: {message, type: 'new_api_error', param, code}}` in the OpenAI format, and
 *   `{type: 'error', error: {type: 'new_api_error', message}}` (no code) on the messages interface.
 */
const TOKEN_QUOTA_MESSAGE =
	'token quota is not enough, token remain quota: ＄0.000000, need quota: ＄0.002000';

export function quotaRefusalResponse(path: string): SimResponse {
	if (path.startsWith('/api/')) {
		return {
			status: 402,
			body: {
				code: 402,
				message: 'Insufficient balance: this API key has no credits left',
				detail: 'Top up in the console to continue',
			},
		};
	}
	if (authSchemeForPath(path) === 'messages') {
		return {
			status: 403,
			body: { type: 'error', error: { type: 'new_api_error', message: TOKEN_QUOTA_MESSAGE } },
		};
	}
	return {
		status: 403,
		body: {
			error: {
				message: TOKEN_QUOTA_MESSAGE,
				type: 'new_api_error',
				param: '',
				code: 'pre_consume_token_quota_failed',
			},
		},
	};
}
