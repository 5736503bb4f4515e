import type { EndpointDescriptor } from '../descriptor';
import { operationLabel } from '../editor/operationNames';
import { GatewayError } from '../../shared/transport/errors';

/**
 * A gateway error told in the user's words: the message names the operation as the editor shows it,
 * while the details (the error's endpoint, shown under the message) keep the wire name.
 */
export function inOperationTerms(
	error: unknown,
	endpoint: EndpointDescriptor | undefined,
): unknown {
	if (!endpoint || !(error instanceof GatewayError)) return error;
	// Not inside a path the service echoes (`Unknown endpoint: /api/v1/…/fetch_one_video`): that stays as sent.
	const wireName = new RegExp(`(?<![/\\w])${endpoint.name}\\b`, 'g');
	return new GatewayError(error.message.replace(wireName, operationLabel(endpoint)), error.details);
}
