import type { GatewayCredentials } from '../../shared/transport/credentials';
import { DEFAULT_ROUTING_PARAMETER_NAME } from '../../shared/transport/credentials';

export const ROUTING_NAME_FIELD = {
	name: 'routingParameterName',
	displayName: 'Routing Parameter Name',
};
export const ROUTING_VALUE_FIELD = {
	name: 'routingParameterValue',
	displayName: 'Routing Parameter Value',
};

export const MISSING_ROUTING_VALUE =
	'Avatar Routing Value is not set: every avatar call carries it (the ID of the video model your avatar assets are for, e.g. doubao-seedance-2-0-260128). Set it once in the Social Gateway API credential, or in Options › Routing Parameter Value on this node';

const textOf = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/**
 * The routing parameter of an avatar call: set once in the credential, or per node in Options
 * (which wins). The value stays empty when neither has it; callers refuse that before any call.
 */
export function avatarRouting(
	credentials: Pick<GatewayCredentials, 'avatarRouting'>,
	options: { name?: unknown; value?: unknown },
): { name: string; value: string } {
	return {
		name:
			textOf(options.name) ||
			textOf(credentials.avatarRouting?.name) ||
			DEFAULT_ROUTING_PARAMETER_NAME,
		value: textOf(options.value) || textOf(credentials.avatarRouting?.value),
	};
}
