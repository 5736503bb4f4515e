import type { HttpRoute, SimContext } from '../types';
import { REAL_PERSON_TOKEN_FIELD } from '../../../nodes/shared/transport/wireNames';
import { AvatarError, invalidParameter } from './answers';
import { optionalString } from './listing';
import { avatarRoute } from './route';
import type { AvatarGroup, AuthSession } from './store';
import { newId, PROJECT_NAME, REAL_PERSON_GROUP_TYPE, secondsAt, TOKEN_LIFETIME_MS } from './store';

/** The token's field in the vocabulary the simulated service speaks (`BytedToken`, or the neutral `AvatarToken`). */
const tokenFieldOf = (ctx: SimContext) => REAL_PERSON_TOKEN_FIELD[ctx.options.interfaceNames];

function absoluteUrl(value: unknown, key: string): string {
	if (typeof value !== 'string' || value.trim() === '')
		throw invalidParameter(`${key} is required and must be a non-empty string`);
	try {
		const url = new URL(value);
		if (url.protocol === 'http:' || url.protocol === 'https:') return value;
	} catch {
		// answered below
	}
	throw invalidParameter(`${key} must be an absolute http(s) address; got "${value}"`);
}

export const realPersonRoutes: HttpRoute[] = [
	avatarRoute(
		'POST',
		'/v1/real-avatar/auth/session',
		'CreateAuthSession',
		({ body, store, ctx }) => {
			const session: AuthSession = {
				token: newId(store, 'avatartoken', ctx.clock).replace(/-/g, ''),
				createdAtMs: ctx.clock.now(),
				callbackUrl: absoluteUrl(body.CallbackURL, 'CallbackURL'),
				language: optionalString(body, 'Lng'),
				used: false,
			};
			store.sessions.set(session.token, session);
			const link = new URL('https://h5.avatar-sim.invalid/auth');
			link.searchParams.set('token', session.token);
			link.searchParams.set('redirect', session.callbackUrl);
			if (session.language) link.searchParams.set('lng', session.language);
			return { H5Link: link.toString(), [tokenFieldOf(ctx)]: session.token };
		},
	),
	avatarRoute(
		'POST',
		'/v1/real-avatar/groups/from-token',
		'CreateGroupFromToken',
		({ body, store, ctx }) => {
			// A token under the other vocabulary's name is a missing one to this service (refused, unbilled).
			const field = tokenFieldOf(ctx);
			const token = body[field];
			if (token === undefined)
				throw new AvatarError(400, 'MissingParameter', `${field} is required`);
			if (typeof token !== 'string' || token === '')
				throw invalidParameter(`${field} must be a non-empty string`);
			const session = store.sessions.get(token);
			if (!session)
				throw new AvatarError(400, 'InvalidToken', 'The real-person token is not valid');
			const age = ctx.clock.now() - session.createdAtMs;
			if (age > TOKEN_LIFETIME_MS) {
				throw new AvatarError(
					400,
					'TokenExpired',
					`The real-person token expired: it must be used within ${TOKEN_LIFETIME_MS / 1000} s (it is ${age / 1000} s old)`,
				);
			}
			if (session.used)
				throw new AvatarError(400, 'TokenUsed', 'The real-person token was already exchanged');
			session.used = true;
			const now = secondsAt(ctx.clock);
			const group: AvatarGroup = {
				Id: newId(store, 'group', ctx.clock),
				Name: `real-person-${token.slice(-5)}`,
				Description: '',
				GroupType: REAL_PERSON_GROUP_TYPE,
				ProjectName: PROJECT_NAME,
				CreateTime: now,
				UpdateTime: now,
			};
			store.groups.set(group.Id, group);
			return { Id: group.Id, GroupType: group.GroupType };
		},
	),
];
