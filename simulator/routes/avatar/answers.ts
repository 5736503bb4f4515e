import type { SimContext, SimResponse } from '../types';

/** An avatar call the simulator refuses; answered as `ResponseMetadata.Error`. */
export class AvatarError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

export const invalidParameter = (message: string) =>
	new AvatarError(400, 'InvalidParameter', message);
export const notFound = (kind: 'group' | 'asset', id: string) =>
	new AvatarError(
		404,
		`${kind === 'group' ? 'Group' : 'Asset'}NotFound`,
		`The ${kind} "${id}" does not exist`,
	);

/** `ResponseMetadata` as a genuine gateway answers it (simulator/recorded/avatar). */
function metadata(action: string, ctx: SimContext) {
	return {
		Action: action,
		Region: 'cn-beijing',
		RequestId: ctx.requestId,
		Service: 'ark',
		Version: '2024-01-01',
	};
}

export function resultAnswer(action: string, ctx: SimContext, result: unknown): SimResponse {
	return { status: 200, body: { ResponseMetadata: metadata(action, ctx), Result: result } };
}

export function errorAnswer(action: string, ctx: SimContext, error: AvatarError): SimResponse {
	return {
		status: error.status,
		body: {
			ResponseMetadata: {
				...metadata(action, ctx),
				Error: { Code: error.code, Message: error.message },
			},
		},
	};
}
