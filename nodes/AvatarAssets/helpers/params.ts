import type { IExecuteFunctions, NodeParameterValueType } from 'n8n-workflow';
import type { FieldRef } from '../../shared/execution/inputError';
import type { ItemParameters } from '../../shared/execution/resultLimit';
import { optionalText } from '../../shared/execution/fieldChecks';

export function optionOf<T>(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	fallback: T,
): T {
	return context.getNodeParameter(`options.${name}`, itemIndex, fallback) as T;
}

/** The node's parameters, item by item, as the shared readers take them. */
export function nodeParameters(context: IExecuteFunctions): ItemParameters {
	return {
		get: <T>(name: string, itemIndex: number, fallback?: T) =>
			context.getNodeParameter(name, itemIndex, fallback as NodeParameterValueType) as T,
	};
}

/** A resource-locator parameter's id, whatever mode the user picked (a plain string passes as it is). */
export function locatorValue(context: IExecuteFunctions, itemIndex: number, name: string): unknown {
	return context.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** The optional text options among `fields` that were given, by name (the wire name); empty ones are left out. */
export function givenTextOptions(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: FieldRef[],
): Record<string, string> {
	const given: Record<string, string> = {};
	for (const field of fields) {
		const text = optionalText(field, optionOf(context, itemIndex, field.name, ''));
		if (text !== undefined) given[field.name] = text;
	}
	return given;
}
