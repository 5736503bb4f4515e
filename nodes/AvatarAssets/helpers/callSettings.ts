import type { IExecuteFunctions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { AvatarCallSettings } from '../transport/avatarCall';
import { AVATAR_TIMEOUT_MS } from '../transport/avatarCall';
import { jsonObject } from './inputs';
import { NodeOperationError } from 'n8n-workflow';
import { avatarRouting, MISSING_ROUTING_VALUE, ROUTING_VALUE_FIELD } from './routing';

export const ADDITIONAL_BODY_FIELD = {
	name: 'additionalBodyFields',
	displayName: 'Additional Body Fields',
};

const option = (
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	fallback: unknown,
): unknown => context.getNodeParameter(`options.${name}`, itemIndex, fallback);

/** Routing parameter, extra body fields and cancellation of one item's calls, checked before any call. */
export function avatarCallSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): AvatarCallSettings {
	const routing = avatarRouting(credentials, {
		name: option(context, itemIndex, 'routingParameterName', ''),
		value: option(context, itemIndex, ROUTING_VALUE_FIELD.name, ''),
	});
	if (!routing.value)
		throw new NodeOperationError(
			context.getNode(),
			`${MISSING_ROUTING_VALUE} [item ${itemIndex}]`,
			{ itemIndex },
		);
	return {
		credentials,
		routing,
		additionalBodyFields: jsonObject(
			context,
			itemIndex,
			ADDITIONAL_BODY_FIELD,
			option(context, itemIndex, ADDITIONAL_BODY_FIELD.name, ''),
		),
		timeoutMs: AVATAR_TIMEOUT_MS,
		signal: context.getExecutionCancelSignal?.(),
	};
}

export function wantsFullResponse(context: IExecuteFunctions, itemIndex: number): boolean {
	return option(context, itemIndex, 'fullResponse', false) === true;
}
