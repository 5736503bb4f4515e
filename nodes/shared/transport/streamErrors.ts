import { GatewayError } from './errors';
import { redactSecret } from './redact';

/**
 * A streamed answer that carried an error event or broke off: the service may have billed it, and
 * neither message may carry the key, which some services echo.
 */
export function brokenStreamError(
	call: { endpoint: string; credentials: { apiKey: string } },
	message: string,
	serviceMessage?: string,
): GatewayError {
	const secret = call.credentials.apiKey;
	return new GatewayError(redactSecret(message, secret), {
		kind: 'invalid-response',
		endpoint: call.endpoint,
		serviceMessage: serviceMessage === undefined ? undefined : redactSecret(serviceMessage, secret),
		mayHaveBilled: true,
	});
}
