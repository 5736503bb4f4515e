import type { IExecuteFunctions } from 'n8n-workflow';
import { cancelSignalOf } from '../../shared/execution/cancelSignal';
import type { FieldRef } from '../../shared/execution/inputError';
import { InputError } from '../../shared/execution/inputError';
import { jsonObjectInput } from '../../shared/execution/jsonInput';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { AvatarCallSettings } from '../transport/avatarCall';
import { AVATAR_TIMEOUT_MS } from '../transport/avatarCall';
import { optionOf } from './params';
import { avatarRouting, MISSING_ROUTING_VALUE, ROUTING_VALUE_FIELD } from './routing';

export const ADDITIONAL_BODY_FIELD: FieldRef = {
	name: 'additionalBodyFields',
	displayName: 'Additional Body Fields',
};

/** Routing parameter, extra body fields and cancellation of one item's calls, checked before any call. */
export function avatarCallSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): AvatarCallSettings {
	const routing = avatarRouting(credentials, {
		name: optionOf<unknown>(context, itemIndex, 'routingParameterName', ''),
		value: optionOf<unknown>(context, itemIndex, ROUTING_VALUE_FIELD.name, ''),
	});
	if (!routing.value) throw new InputError(ROUTING_VALUE_FIELD.name, MISSING_ROUTING_VALUE);
	return {
		credentials,
		routing,
		additionalBodyFields: jsonObjectInput(
			ADDITIONAL_BODY_FIELD,
			optionOf<unknown>(context, itemIndex, ADDITIONAL_BODY_FIELD.name, ''),
		),
		timeoutMs: AVATAR_TIMEOUT_MS,
		signal: cancelSignalOf(context),
	};
}

export function wantsFullResponse(context: IExecuteFunctions, itemIndex: number): boolean {
	return optionOf<unknown>(context, itemIndex, 'fullResponse', false) === true;
}
