import { readTypedJson } from './json/typedJson';

/** A value a caller gave that the service would reject (or that already lost precision). */
export class InputError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(message);
		this.name = 'InputError';
	}
}

/**
 * JSON the user typed, read without loss (see readTypedJson): invalid JSON is refused with an
 * InputError that names the field, as "<label> is not valid JSON: <the parser's message>".
 */
export function parseTypedJson(field: string, label: string, text: string): unknown {
	const outcome = readTypedJson(text);
	if (!outcome.ok)
		throw new InputError(field, `${label} is not valid JSON: ${outcome.error.message}`);
	return outcome.value;
}
