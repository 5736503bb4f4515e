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
	const wireName = new RegExp(`\\b${endpoint.name}\\b`, 'g');
	return new GatewayError(error.message.replace(wireName, operationLabel(endpoint)), error.details);
}
