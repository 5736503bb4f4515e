import type { IExecuteFunctions } from 'n8n-workflow';
import type { FieldRef } from '../../shared/execution/inputError';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { HttpMethod } from '../../shared/transport/request';
import type { AvatarAnswer, AvatarCallSettings } from '../transport/avatarCall';
import { callAvatar } from '../transport/avatarCall';
import { avatarCallSettings, wantsFullResponse } from './callSettings';
import { givenTextOptions } from './params';

/** One avatar call of an item, checked before any call. */
export interface AvatarCallPlan {
	/** The call's own fields; callAvatar adds the routing parameter and Additional Body Fields. None for GET and DELETE. */
	body?: Record<string, unknown>;
	settings: AvatarCallSettings;
	fullResponse: boolean;
}

/** A call body: the required fields (already checked), then those of the optional text options that were given. */
export function avatarBody(
	context: IExecuteFunctions,
	itemIndex: number,
	required: Record<string, unknown>,
	optional: FieldRef[] = [],
): Record<string, unknown> {
	return { ...required, ...givenTextOptions(context, itemIndex, optional) };
}

/** Plans an avatar call of item `itemIndex`: its body, the routing and extra fields checked, the output choice read. */
export function planAvatarCall(
	context: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
	body?: Record<string, unknown>,
): AvatarCallPlan {
	return {
		body,
		settings: avatarCallSettings(context, itemIndex, credentials),
		fullResponse: wantsFullResponse(context, itemIndex),
	};
}

/** Sends a planned call to `method path`. */
export async function sendPlanned(
	plan: AvatarCallPlan,
	method: HttpMethod,
	path: string,
): Promise<AvatarAnswer> {
	return await callAvatar(plan.settings, { method, path, body: plan.body });
}
