/**
 * The environment without the npm_* variables an outer `npm run` exports: the repo's .npmrc sets
 * ignore-scripts=true, which would otherwise leak into `npm rebuild` and silently skip the build.
 */
export function envWithoutNpmConfig(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^npm_/i.test(key)) env[key] = value;
	}
	return { ...env, ...extra };
}

export function withPathFirst(dir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return { ...env, PATH: `${dir}:${env.PATH ?? ''}` };
}
