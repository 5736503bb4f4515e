import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A value made once per execution of a node and shared by every item's plan and run, for operations
 * kept in an operation table (made once, used by every execution): n8n gives each execution of a
 * node its own context, which keys the value and lets it go with the execution.
 */
export function executionScoped<T>(
	create: (context: IExecuteFunctions) => T,
): (context: IExecuteFunctions) => T {
	const values = new WeakMap<IExecuteFunctions, T>();
	return (context) => {
		if (!values.has(context)) values.set(context, create(context));
		return values.get(context) as T;
	};
}
