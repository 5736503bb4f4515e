import type { IExecuteFunctions } from 'n8n-workflow';
import type { FieldRef } from '../../shared/execution/inputError';
import { InputError } from '../../shared/execution/inputError';
import { parseJsonInput } from '../../shared/execution/jsonInput';

const MODEL: FieldRef = { name: 'modelId', displayName: 'Model' };

/** The model id of item `i`: the resource locator's value, without a leading `models/`. */
export function modelOf(context: IExecuteFunctions, i: number): string {
	const value = context.getNodeParameter(MODEL.name, i, '', { extractValue: true });
	const model = String(value ?? '')
		.trim()
		.replace(/^models\//, '');
	if (!model) throw InputError.about(MODEL, 'is required');
	return model;
}

/** A required text parameter, read as given (unlike fieldChecks.requiredText, not trimmed: prompts keep their spacing), refused when empty. */
export function requiredTextParameter(
	context: IExecuteFunctions,
	field: FieldRef,
	i: number,
): string {
	const value = context.getNodeParameter(field.name, i, '');
	const text =
		typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
	if (text.trim() === '') throw InputError.about(field, 'is required and must not be empty');
	return text;
}

/** A JSON parameter given as text or (through an expression) as any JSON value. */
export function jsonParameter(context: IExecuteFunctions, field: FieldRef, i: number): unknown {
	const value = context.getNodeParameter(field.name, i, '{}');
	if (typeof value !== 'string') return value;
	return parseJsonInput(field, value);
}
