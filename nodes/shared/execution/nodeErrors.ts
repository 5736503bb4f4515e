import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { InputError } from './inputError';
import { GatewayError } from '../transport/errors';
import { redactSecret } from '../transport/redact';

/**
 * Turns any failure of a gateway call into n8n's error types: a NodeApiError carrying the HTTP
 * status, the endpoint and the service's own message; never the API key. A refused input (InputError)
 * becomes a NodeOperationError whose message ends with the item: ` (item N)`.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
	apiKey?: string,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof GatewayError) {
		const { status, endpoint, serviceMessage, kind } = error.details;
		const response: JsonObject = { endpoint, kind, message: error.message };
		if (status !== undefined) response.status = status;
		if (serviceMessage !== undefined) response.serviceMessage = serviceMessage;
		const nodeError = new NodeApiError(node, response, {
			message: error.message,
			description: [serviceMessage, `Endpoint: ${endpoint}`].filter(Boolean).join('\n'),
			httpCode: status === undefined ? undefined : String(status),
			itemIndex,
		});
		// NodeApiError swaps a message naming a socket code (ECONNRESET, …) for a generic sentence; ours says more.
		nodeError.message = error.message;
		return nodeError;
	}
	const text =
		error instanceof InputError
			? error.atItem(itemIndex).message
			: error instanceof Error
				? error.message
				: String(error);
	return new NodeOperationError(node, redactSecret(text, apiKey), { itemIndex });
}

/**
 * The JSON of an error item under "Continue On Fail": endpoint, status and the service's message.
 * Return it without the item's `error` property: n8n's engine replaces the JSON of items that carry one.
 */
export function errorItemJson(
	error: NodeApiError | NodeOperationError,
	endpoint: string,
): JsonObject {
	const response = (error instanceof NodeApiError ? error.errorResponse : undefined) as
		| JsonObject
		| undefined;
	return {
		error: error.message,
		endpoint: (response?.endpoint as string | undefined) ?? endpoint,
		status: (response?.status as number | undefined) ?? null,
		serviceMessage: (response?.serviceMessage as string | undefined) ?? null,
	};
}
