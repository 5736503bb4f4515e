import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { cancelSignalOf } from '../../shared/execution/cancelSignal';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { GatewayCall } from '../../shared/transport/request';
import { callGateway } from '../../shared/transport/request';
import { nativeCall } from '../../shared/models/calls';

/** Sends `POST /v1beta/models/{model}:{action}` with `body`, stopped with the execution, and gives the answer. */
export async function askModel<A = unknown>(
	context: IExecuteFunctions,
	credentials: GatewayCredentials,
	model: string,
	action: string,
	body: unknown,
	extra: Partial<GatewayCall> = {},
): Promise<A | undefined> {
	const signal = cancelSignalOf(context);
	const { body: answer } = await callGateway<A | undefined>(
		nativeCall(credentials, model, action, body, { signal, ...extra }),
	);
	return answer;
}

/** Fails item `i`: the model answered without what the operation asked for (an image, audio, a vector). */
export function answerLacks(
	context: IExecuteFunctions,
	i: number,
	message: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, { itemIndex: i });
}
