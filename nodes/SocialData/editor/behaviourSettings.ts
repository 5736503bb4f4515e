import type { INodeProperties } from 'n8n-workflow';

/** The defaults of a node's behaviour settings, read off their option definitions. */
export function defaultsOf<T>(options: INodeProperties[]): T {
	return Object.fromEntries(options.map((option) => [option.name, option.default])) as T;
}

/** The behaviour settings among the values of an Options collection, over their defaults. */
export function settingsOver<T extends object>(defaults: T, options: Record<string, unknown>): T {
	const chosen = Object.entries(options).filter(
		([name, value]) => name in defaults && value !== undefined,
	);
	return { ...defaults, ...Object.fromEntries(chosen) };
}
