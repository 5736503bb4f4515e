import type { IExecuteFunctions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { AvatarCallSettings } from '../transport/avatarCall';
import { AVATAR_TIMEOUT_MS } from '../transport/avatarCall';
import { invalid, jsonObject } from './inputs';

export const DEFAULT_ROUTING_PARAMETER_NAME = 'model';

export const ROUTING_NAME_FIELD = { name: 'routingParameterName', displayName: 'Routing Parameter Name' };
export const ROUTING_VALUE_FIELD = { name: 'routingParameterValue', displayName: 'Routing Parameter Value' };
export const ADDITIONAL_BODY_FIELD = { name: 'additionalBodyFields', displayName: 'Additional Body Fields' };

const option = (context: IExecuteFunctions, itemIndex: number, name: string, fallback: unknown): unknown =>
	context.getNodeParameter(`options.${name}`, itemIndex, fallback);

/** Routing parameter, extra body fields and cancellation of one item's calls, checked before any call. */
export function avatarCallSettings(context: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): AvatarCallSettings {
	const name = String(option(context, itemIndex, ROUTING_NAME_FIELD.name, DEFAULT_ROUTING_PARAMETER_NAME) ?? '').trim();
	if (!name) invalid(context, itemIndex, ROUTING_NAME_FIELD, 'must not be empty: every avatar call carries this routing parameter');
	const value = String(option(context, itemIndex, ROUTING_VALUE_FIELD.name, '') ?? '').trim();
	if (!value) {
		invalid(
			context,
			itemIndex,
			ROUTING_VALUE_FIELD,
			'is required: the service needs a fixed routing value on every avatar call. Add it under Options › Routing Parameter Value (the value your gateway account documents for avatar calls)',
		);
	}
	return {
		credentials,
		routing: { name, value },
		additionalBodyFields: jsonObject(context, itemIndex, ADDITIONAL_BODY_FIELD, option(context, itemIndex, ADDITIONAL_BODY_FIELD.name, '')),
		timeoutMs: AVATAR_TIMEOUT_MS,
		signal: context.getExecutionCancelSignal?.(),
	};
}

export function wantsFullResponse(context: IExecuteFunctions, itemIndex: number): boolean {
	return option(context, itemIndex, 'fullResponse', false) === true;
}
