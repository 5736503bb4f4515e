import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { InputError, parseTypedJson } from '../../shared/validation';

/** The model id of item `i`: the resource locator's value, without a leading `models/`. */
export function modelOf(context: IExecuteFunctions, i: number): string {
	const value = context.getNodeParameter('modelId', i, '', { extractValue: true });
	const model = String(value ?? '')
		.trim()
		.replace(/^models\//, '');
	if (!model) throw new InputError('modelId', 'Parameter "Model" is required');
	return model;
}

export function optionsOf(context: IExecuteFunctions, i: number): IDataObject {
	return context.getNodeParameter('options', i, {}) as IDataObject;
}

/** A required text parameter, refused when empty. */
export function requiredText(
	context: IExecuteFunctions,
	name: string,
	displayName: string,
	i: number,
): string {
	const value = context.getNodeParameter(name, i, '');
	const text =
		typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
	if (text.trim() === '')
		throw new InputError(
			name,
			`Parameter "${displayName}" (${name}) is required and must not be empty`,
		);
	return text;
}

/** A JSON parameter given as text or (through an expression) as an object. */
export function jsonParameter(context: IExecuteFunctions, name: string, i: number): unknown {
	const value = context.getNodeParameter(name, i, '{}');
	if (typeof value !== 'string') return value;
	return parseTypedJson(name, `Parameter "${name}"`, value);
}

export function cancelSignalOf(context: IExecuteFunctions): AbortSignal | undefined {
	return context.getExecutionCancelSignal?.();
}
