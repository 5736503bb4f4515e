/** Reading and validating a run envelope's `input`: every rejection is an HttpError naming the field. */

export type Input = Record<string, unknown>;

export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly detail = message,
	) {
		super(message);
	}
}

const bad = (name: string, message: string, status = 400) =>
	new HttpError(status, `Invalid ${name}: ${message}`, `input.${name}: ${message}`);

const absent = (value: unknown) => value === undefined || value === null;

export function optionalString(input: Input, name: string): string | undefined {
	const value = input[name];
	if (absent(value)) return undefined;
	if (typeof value !== 'string') throw bad(name, 'must be a string');
	return value;
}

/** A string that must be present and non-blank. */
export function requiredString(input: Input, name: string): string {
	const value = optionalString(input, name);
	if (value === undefined || value.trim() === '') throw missing(name);
	return value;
}

export function missing(name: string): HttpError {
	return new HttpError(400, `Missing required field: ${name}`, `input.${name} is required`);
}

/** An integer given as a number or a string of digits. */
export function optionalInt(
	input: Input,
	name: string,
	bounds: { min?: number; max?: number } = {},
): number | undefined {
	const value = input[name];
	if (absent(value) || value === '') return undefined;
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^-?\d+$/.test(value.trim())
				? Number(value)
				: NaN;
	if (!Number.isSafeInteger(number)) throw bad(name, 'must be an integer');
	if (bounds.min !== undefined && number < bounds.min)
		throw bad(name, `must be at least ${bounds.min}`);
	if (bounds.max !== undefined && number > bounds.max)
		throw bad(name, `must be at most ${bounds.max}`);
	return number;
}

export function requiredInt(
	input: Input,
	name: string,
	bounds: { min?: number; max?: number } = {},
): number {
	const value = optionalInt(input, name, bounds);
	if (value === undefined) throw missing(name);
	return value;
}

export function optionalBool(input: Input, name: string, fallback: boolean): boolean {
	const value = input[name];
	if (absent(value)) return fallback;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw bad(name, 'must be a boolean');
}

/** The `raw` switch of channel, article and search endpoints (default true). */
export const rawFlag = (input: Input) => optionalBool(input, 'raw', true);

/** A numeric id sent as a string of digits (64-bit ids must not travel as JSON numbers). */
export function optionalDigits(input: Input, name: string): string | undefined {
	const value = optionalString(input, name);
	if (value === undefined || value === '') return undefined;
	if (!/^\d{1,20}$/.test(value)) throw bad(name, 'must be a string of digits');
	return value;
}

export function requiredDigits(input: Input, name: string): string {
	const value = optionalDigits(input, name);
	if (value === undefined) throw missing(name);
	return value;
}

/** Search keyword: 1 to 100 characters after trimming. */
export function keyword(input: Input, name = 'keyword'): string {
	const value = optionalString(input, name);
	if (value === undefined) throw missing(name);
	const trimmed = value.trim();
	if (trimmed.length < 1 || trimmed.length > 100)
		throw bad(name, 'must be 1 to 100 characters after trimming');
	return trimmed;
}

/**
 * One of a fixed set of values. `aliases` maps accepted integers to their key (search sort,
 * publish_time, duration accept either).
 */
export function oneOf<T extends string>(
	input: Input,
	name: string,
	values: readonly T[],
	fallback: T,
	options: { aliases?: readonly T[]; status?: number } = {},
): T {
	const value = input[name];
	if (absent(value)) return fallback;
	if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
	const { aliases } = options;
	if (aliases) {
		const index =
			typeof value === 'number'
				? value
				: typeof value === 'string' && /^\d+$/.test(value)
					? Number(value)
					: NaN;
		if (Number.isInteger(index) && index >= 0 && index < aliases.length) return aliases[index];
	}
	const accepted = [...values, ...(aliases ? aliases.map((_, i) => String(i)) : [])].join(', ');
	throw bad(name, `${JSON.stringify(value)} is not one of ${accepted}`, options.status);
}
