import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { N8nInstall } from './n8nInstallLayout';

/** Sign-in of the local throwaway owner of a dev n8n. */
export interface DevLogin {
	email: string;
	password: string;
}

export const DEV_OWNER_EMAIL = 'dev@example.com';
const LOGIN_FILE = 'dev-login.json';

/**
 * The owner login kept in the user folder (0600), created with a random password on first use,
 * so a persistent dev folder keeps the same login from one start to the next.
 */
export function devLoginFor(userFolder: string): DevLogin {
	const file = path.join(userFolder, LOGIN_FILE);
	if (fs.existsSync(file)) {
		const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DevLogin>;
		if (typeof stored.email === 'string' && typeof stored.password === 'string') {
			return { email: stored.email, password: stored.password };
		}
	}
	// n8n's password rules: 8 to 64 characters with a digit and an uppercase letter.
	const login = {
		email: DEV_OWNER_EMAIL,
		password: `Dev-${crypto.randomBytes(9).toString('base64url')}-9`,
	};
	fs.mkdirSync(userFolder, { recursive: true });
	fs.writeFileSync(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
	return login;
}

/**
 * n8n 2.41 creates (and on every start overwrites) the instance owner from the environment when
 * N8N_INSTANCE_OWNER_MANAGED_BY_ENV is true (OwnerInstanceSettingsLoader, before the server
 * listens), so the editor never shows the owner setup page. It takes a bcrypt hash only; the
 * hash is made with the bcryptjs of the n8n install, the library n8n checks passwords with.
 */
export function ownerEnv(n8n: N8nInstall, login: DevLogin): NodeJS.ProcessEnv {
	const requireFromN8n = createRequire(
		path.join(n8n.cacheDir, 'node_modules', 'n8n', 'package.json'),
	);
	const bcrypt = requireFromN8n('bcryptjs') as {
		hashSync(password: string, rounds: number): string;
	};
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: login.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(login.password, 10),
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Dev',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Owner',
	};
}

/** Signs in through n8n's REST API; returns the session cookie, or throws with n8n's answer. */
export async function signInByRest(editorUrl: string, login: DevLogin): Promise<string> {
	const response = await fetch(`${editorUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: login.email, password: login.password }),
		signal: AbortSignal.timeout(30_000),
	});
	const text = await response.text();
	if (response.status !== 200)
		throw new Error(
			`POST /rest/login as ${login.email} gave ${response.status}: ${text.slice(0, 300)}`,
		);
	const cookie = response.headers.getSetCookie().find((value) => value.startsWith('n8n-auth='));
	if (!cookie) throw new Error('POST /rest/login answered 200 without an n8n-auth cookie');
	return cookie.split(';')[0];
}
