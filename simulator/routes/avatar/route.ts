import type { HttpRoute, SimContext, SimRequest, SimResponse } from '../types';
import { AvatarError, errorAnswer, invalidParameter, resultAnswer } from './answers';
import type { AvatarStore } from './store';
import { avatarStoreOf } from './store';

export interface AvatarCall {
	request: SimRequest;
	ctx: SimContext;
	store: AvatarStore;
	/** The JSON body (body calls), with the routing parameter still in it. */
	body: Record<string, unknown>;
}

/**
 * One avatar endpoint: checks the routing parameter (in the body, or in the query of path-only
 * calls), answers `{ResponseMetadata, Result}` (a DELETE possibly with no body, see DeleteAnswer),
 * and turns AvatarErrors (and a queued error, see AvatarSim.queueError) into `ResponseMetadata.Error`.
 */
export function avatarRoute(
	method: string,
	path: string,
	action: string,
	handle: (call: AvatarCall) => unknown,
): HttpRoute {
	const hasBody = method === 'POST' || method === 'PATCH';
	return {
		method,
		path,
		auth: 'bearer',
		identify: () => ({ endpoint: action }),
		handle(request: SimRequest, ctx: SimContext): SimResponse {
			const store = avatarStoreOf(ctx.dataset);
			try {
				let body: Record<string, unknown> = {};
				if (hasBody) {
					const parsed = request.json();
					if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
						throw invalidParameter('The body must be a JSON object');
					body = parsed as Record<string, unknown>;
				}
				checkRouting(
					store,
					hasBody ? body[store.routing.name] : (request.query.get(store.routing.name) ?? undefined),
					hasBody,
				);
				const queued = takeQueuedError(store, action);
				if (queued) throw new AvatarError(queued.status, queued.Code, queued.Message);
				const result = handle({ request, ctx, store, body });
				if (method === 'DELETE' && store.deleteAnswer !== 'result')
					return { status: store.deleteAnswer === 'noContent' ? 204 : 200 };
				return resultAnswer(action, ctx, result);
			} catch (error) {
				if (error instanceof AvatarError) return errorAnswer(action, ctx, error);
				throw error;
			}
		},
	};
}

function takeQueuedError(store: AvatarStore, action: string) {
	const index = store.queuedErrors.findIndex((error) => !error.action || error.action === action);
	return index < 0 ? undefined : store.queuedErrors.splice(index, 1)[0];
}

function checkRouting(store: AvatarStore, given: unknown, inBody: boolean): void {
	const { name, value } = store.routing;
	const where = inBody ? 'body field' : 'query parameter';
	if (typeof given !== 'string' || given === '') {
		throw new AvatarError(400, 'MissingParameter', `The routing ${where} "${name}" is required`);
	}
	if (value !== undefined && given !== value) {
		throw new AvatarError(
			400,
			'InvalidParameter',
			`The routing ${where} "${name}" has an unsupported value "${given}"`,
		);
	}
}
