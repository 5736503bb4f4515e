import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { readTypedJson } from '../../shared/json/typedJson';

/**
 * Checks of what the user gave, run before any call: a value the service would reject fails here
 * with an error naming the field and the item, and costs nothing.
 */
export interface FieldRef {
	/** Parameter name (the wire name where the field is sent as it is). */
	name: string;
	displayName: string;
}

export function invalid(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	problem: string,
): never {
	throw new NodeOperationError(
		context.getNode(),
		`Field "${field.name}" (${field.displayName}) ${problem} [item ${itemIndex}]`,
		{
			itemIndex,
		},
	);
}

function textOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

export function requiredText(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): string {
	const text = textOf(value);
	if (text === undefined && value !== undefined && value !== null && value !== '') {
		invalid(context, itemIndex, field, `must be text; got ${typeof value}`);
	}
	if (!text) invalid(context, itemIndex, field, 'is required');
	return text;
}

/** Optional text: empty means "not sent". */
export function optionalText(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = textOf(value);
	if (text === undefined) invalid(context, itemIndex, field, `must be text; got ${typeof value}`);
	return text === '' ? undefined : text;
}

/** The service fetches the address itself, so only absolute http(s) URLs can work. */
export function absoluteHttpUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): string {
	const text = requiredText(context, itemIndex, field, value);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return invalid(
			context,
			itemIndex,
			field,
			`must be an absolute http(s) address such as https://example.com/file.jpg; got "${text}"`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		invalid(
			context,
			itemIndex,
			field,
			`must be an http or https address; got the scheme "${url.protocol.replace(/:$/, '')}"`,
		);
	}
	if (!url.hostname) invalid(context, itemIndex, field, `must name a host; got "${text}"`);
	return text;
}

/** Ids given as a list, or as text separated by commas or spaces. */
export function idList(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): string[] {
	if (value === undefined || value === null || value === '') return [];
	const parts = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(/[\s,]+/)
			: [value];
	return parts
		.map((part) => {
			const text = textOf(part);
			if (text === undefined)
				invalid(context, itemIndex, field, `must hold ids as text; got ${typeof part}`);
			return text;
		})
		.filter((id) => id !== '');
}

export function wholeNumber(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
	minimum: number,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number))
		invalid(context, itemIndex, field, `must be a whole number; got ${JSON.stringify(value)}`);
	if (number < minimum)
		invalid(context, itemIndex, field, `must be at least ${minimum}; got ${number}`);
	return number;
}

export function positiveSeconds(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
		invalid(
			context,
			itemIndex,
			field,
			`must be a number of seconds above 0; got ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/** A JSON object given as an object or as JSON text (read without loss, see readTypedJson); empty means none. */
export function jsonObject(
	context: IExecuteFunctions,
	itemIndex: number,
	field: FieldRef,
	value: unknown,
): Record<string, unknown> {
	if (value === undefined || value === null || value === '') return {};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return {};
		const outcome = readTypedJson(value);
		if (!outcome.ok)
			invalid(context, itemIndex, field, `is not valid JSON: ${outcome.error.message}`);
		parsed = outcome.value;
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
		invalid(context, itemIndex, field, 'must be a JSON object such as {"Field": "value"}');
	return parsed as Record<string, unknown>;
}
