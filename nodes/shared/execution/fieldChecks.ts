import type { FieldRef } from './inputError';
import { InputError } from './inputError';

/**
 * Checks of what the user gave, run before any call: a value the service would reject fails here
 * with an InputError naming the field (the item runner adds the item), and costs nothing.
 */

/** Refuses the field's value: throws `Field "<name>" (<Display Name>) <problem>`. */
export function invalid(field: FieldRef, problem: string): never {
	throw InputError.about(field, problem);
}

function textOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

/** Text that must be given (trimmed); a number counts as its text. */
export function requiredText(field: FieldRef, value: unknown): string {
	const text = textOf(value);
	if (text === undefined && value !== undefined && value !== null && value !== '') {
		invalid(field, `must be text; got ${typeof value}`);
	}
	if (!text) invalid(field, 'is required');
	return text;
}

/** Optional text: empty means "not sent". */
export function optionalText(field: FieldRef, value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = textOf(value);
	if (text === undefined) invalid(field, `must be text; got ${typeof value}`);
	return text === '' ? undefined : text;
}

/** The service fetches the address itself, so only absolute http(s) URLs can work. */
export function absoluteHttpUrl(field: FieldRef, value: unknown): string {
	const text = requiredText(field, value);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return invalid(
			field,
			`must be an absolute http(s) address such as https://example.com/file.jpg; got "${text}"`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		invalid(
			field,
			`must be an http or https address; got the scheme "${url.protocol.replace(/:$/, '')}"`,
		);
	}
	if (!url.hostname) invalid(field, `must name a host; got "${text}"`);
	return text;
}

/** Ids given as a list, or as text separated by commas or spaces. */
export function idList(field: FieldRef, value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	const parts = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(/[\s,]+/)
			: [value];
	return parts
		.map((part) => {
			const text = textOf(part);
			if (text === undefined) invalid(field, `must hold ids as text; got ${typeof part}`);
			return text;
		})
		.filter((id) => id !== '');
}

/** A whole number (or its text) of at least `minimum`. */
export function wholeNumber(field: FieldRef, value: unknown, minimum: number): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number))
		invalid(field, `must be a whole number; got ${JSON.stringify(value)}`);
	if (number < minimum) invalid(field, `must be at least ${minimum}; got ${number}`);
	return number;
}

/** A number of seconds above 0 (or its text). */
export function positiveSeconds(field: FieldRef, value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
		invalid(field, `must be a number of seconds above 0; got ${JSON.stringify(value)}`);
	}
	return number;
}
