import { GatewayError } from '../../shared/transport/errors';

/** How gateways word a refusal of an endpoint they do not forward (beside a plain 404). */
const NOT_FORWARDED_WORDS =
	/unknown|not (?:supported|found|available|allowed|enabled)|unsupported|invalid endpoint/i;

/**
 * A gateway forwards only the upstream endpoints its operator enabled. It refuses the others with
 * a 404, or a 400 that names the endpoint: the error then says so and points to the provider, so
 * the refusal never reads as a bad input or as "no data".
 */
export function notForwardedError(
	error: unknown,
	path: string,
	name: string,
	provider: string,
): GatewayError | undefined {
	if (!(error instanceof GatewayError) || error.details.kind !== 'http') return undefined;
	const { status, serviceMessage = '' } = error.details;
	const namesEndpoint =
		(serviceMessage.includes(path) || serviceMessage.includes(name)) &&
		NOT_FORWARDED_WORDS.test(serviceMessage);
	if (status !== 404 && !(status === 400 && namesEndpoint)) return undefined;
	return new GatewayError(
		`This gateway does not forward ${path}: ask your provider to enable this upstream endpoint for the provider value "${provider}" (the credential's Provider). The gateway answered: ${error.message}`,
		error.details,
	);
}
