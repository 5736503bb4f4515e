import type { GatewayCredentials } from './credentials';
import { GatewayError } from './errors';
import { interfaceNamesOf, MESSAGES_VERSION_HEADER } from './wireNames';

/** The calls whose paths, model ids or headers depend on the credential's Interface Names. */
const NAMED_PATHS =
	/^\/(?:api\/v1\/run|v1\/messages|v1\/chat\/completions|v1\/models\/|v1(?:beta|alpha)\/models\/)/;

const SWITCH_TO = { upstream: 'Neutral Names', neutral: 'Upstream Names' } as const;

/**
 * A service that speaks the other vocabulary answers an unknown endpoint or model (404), or a
 * missing version header (400): the message then says which credential setting to check.
 */
export function withNamesHint(
	error: GatewayError,
	path: string,
	credentials: Pick<GatewayCredentials, 'interfaceNames'>,
): GatewayError {
	const { status, serviceMessage = '' } = error.details;
	const names = interfaceNamesOf(credentials.interfaceNames);
	const otherHeader = MESSAGES_VERSION_HEADER[names === 'upstream' ? 'neutral' : 'upstream'];
	const namingProblem = status === 404 || (status === 400 && serviceMessage.includes(otherHeader));
	if (!namingProblem || !NAMED_PATHS.test(path)) return error;
	return new GatewayError(
		`${error.message}. If your service speaks other names than these, set the credential's Advanced Settings › Interface Names to ${SWITCH_TO[names]}`,
		error.details,
	);
}
