import type { IExecuteFunctions } from 'n8n-workflow';

export function optionOf<T>(context: IExecuteFunctions, itemIndex: number, name: string, fallback: T): T {
	return context.getNodeParameter(`options.${name}`, itemIndex, fallback) as T;
}

/** A resource-locator parameter's id, whatever mode the user picked (a plain string passes as it is). */
export function locatorValue(context: IExecuteFunctions, itemIndex: number, name: string): unknown {
	return context.getNodeParameter(name, itemIndex, '', { extractValue: true });
}
