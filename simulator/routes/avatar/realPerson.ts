import type { HttpRoute } from '../types';
import { AvatarError, invalidParameter } from './answers';
import { optionalString } from './listing';
import { avatarRoute } from './route';
import type { AvatarGroup, AuthSession } from './store';
import { isoAt, newId, REAL_PERSON_GROUP_TYPE, TOKEN_LIFETIME_MS } from './store';

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
			return { AvatarToken: session.token, H5Link: link.toString() };
		},
	),
	avatarRoute(
		'POST',
		'/v1/real-avatar/groups/from-token',
		'CreateGroupFromToken',
		({ body, store, ctx }) => {
			const token = body.AvatarToken;
			if (typeof token !== 'string' || token === '')
				throw invalidParameter('AvatarToken is required and must be a non-empty string');
			const session = store.sessions.get(token);
			if (!session) throw new AvatarError(400, 'InvalidToken', 'The avatar token is not valid');
			const age = ctx.clock.now() - session.createdAtMs;
			if (age > TOKEN_LIFETIME_MS) {
				throw new AvatarError(
					400,
					'TokenExpired',
					`The avatar token expired: it must be used within ${TOKEN_LIFETIME_MS / 1000} s (it is ${age / 1000} s old)`,
				);
			}
			if (session.used)
				throw new AvatarError(400, 'TokenUsed', 'The avatar token was already exchanged');
			session.used = true;
			const now = isoAt(ctx.clock);
			const group: AvatarGroup = {
				Id: newId(store, 'group', ctx.clock),
				Name: `real-person-${token.slice(-5)}`,
				Description: '',
				GroupType: REAL_PERSON_GROUP_TYPE,
				CreateTime: now,
				UpdateTime: now,
			};
			store.groups.set(group.Id, group);
			return { GroupId: group.Id };
		},
	),
];
