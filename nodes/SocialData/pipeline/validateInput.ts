import type { EndpointDescriptor, FieldDescriptor } from '../descriptor';
import { RAW_FIELD } from '../descriptor/commonFields';
import { ExactInteger } from '../../shared/json/exactInteger';
import { InputError, invalid, isRecord, wholeNumber } from '../../shared/execution';
import { operationLabel } from '../editor/operationNames';

export type Input = Record<string, unknown>;

const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && value.trim() === '') ||
	(Array.isArray(value) && value.length === 0);

/**
 * An id or text: strings stay as given, safe numbers and integers typed exactly in JSON become text,
 * unsafe integers that arrived as JSON numbers were already rounded and are refused.
 */
function idText(field: FieldDescriptor, value: unknown): string {
	if (typeof value === 'bigint') return String(value);
	if (value instanceof ExactInteger) return value.digits;
	if (typeof value === 'number') {
		// The digits are not quoted back: they are the rounded ones, and a caller (an AI Agent's model)
		// would resend them as a string.
		if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
			invalid(
				field,
				`arrived as a JSON number beyond 2^53-1, which cannot hold all its digits: it was rounded before this node saw it. Send it as a string, its digits in quotes exactly as its source gives them (e.g. {{ $json.id }} from this pack's output, which keeps 64-bit ids as strings)`,
			);
		}
		if (!Number.isFinite(value) || (field.bigId && !Number.isInteger(value))) {
			invalid(field, `must be ${field.bigId ? 'an id given as a string' : 'text'}; got ${value}`);
		}
		return String(value);
	}
	if (typeof value !== 'string')
		invalid(
			field,
			`must be ${field.bigId ? 'an id given as a string' : 'text'}, not ${typeof value}`,
		);
	return value.trim();
}

function splitIds(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return value.split(/[\s,]+/).filter((id) => id !== '');
	return [value];
}

function checkText(field: FieldDescriptor, text: string) {
	if (field.trimmedLength) {
		const { min, max } = field.trimmedLength;
		const length = [...text.trim()].length;
		if (length < min || length > max)
			invalid(field, `must be ${min} to ${max} characters after trimming (got ${length})`);
	}
	if (field.prefix && !text.startsWith(field.prefix))
		invalid(field, `must start with "${field.prefix}"`);
	if (field.pattern && !new RegExp(field.pattern).test(text))
		invalid(field, `must be ${field.patternHint ?? `like ${field.pattern}`}`);
}

function normalizeAllowed(field: FieldDescriptor, value: unknown): string | number {
	const allowed = field.allowed!;
	if (
		typeof value === 'number' ||
		(typeof value === 'string' && /^\d+$/.test(value) && !allowed.some((a) => a.value === value))
	) {
		const alias = allowed.find((a) => a.alias !== undefined && a.alias === Number(value));
		if (alias) return Number(value);
	}
	if (typeof value === 'string' && allowed.some((a) => a.value === value)) return value;
	const accepted = allowed
		.map((a) => (a.alias === undefined ? `"${a.value}"` : `"${a.value}" (or ${a.alias})`))
		.join(', ');
	invalid(field, `must be one of ${accepted}; got ${JSON.stringify(value)}`);
}

function normalizeInteger(field: FieldDescriptor, value: unknown): number {
	const number = wholeNumber(field, value, field.minimum ?? -Infinity);
	if (field.maximum !== undefined && number > field.maximum)
		invalid(field, `must be at most ${field.maximum}; got ${number}`);
	return number;
}

const EXPECTED_VALUE: Record<FieldDescriptor['type'], string> = {
	string: 'text',
	integer: 'a whole number',
	boolean: 'true or false',
	flag: 'on or off',
	idList: 'an id given as a string, or a list of them',
	json: 'a JSON object',
};

const simpleName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * An AI agent may wrap a value in an object (`{ "keyword": "acme" }` where the keyword is asked for).
 * Unambiguous, so accepted: one entry named like the field (its wire or display name, any case or
 * spacing) holding text, a number or a boolean. Any other object is refused with what to send.
 */
function unwrapAgentValue(field: FieldDescriptor, value: unknown): unknown {
	if (
		field.type === 'json' ||
		value === null ||
		typeof value !== 'object' ||
		Array.isArray(value) ||
		value instanceof ExactInteger
	)
		return value;
	const entries = Object.entries(value);
	const names = [field.name, field.displayName].map(simpleName);
	if (entries.length === 1) {
		const [[key, inner]] = entries;
		const simple =
			['string', 'number', 'boolean', 'bigint'].includes(typeof inner) ||
			inner instanceof ExactInteger;
		if (simple && names.includes(simpleName(key))) return inner;
	}
	const keys = entries.map(([key]) => key).join(', ') || 'none';
	return invalid(
		field,
		`must be ${EXPECTED_VALUE[field.type]}, not an object (keys: ${keys}). Send the value itself, e.g. "${field.name}": "…"`,
	);
}

/** Checks one given value against its field and returns it in wire form. */
export function normalizeField(field: FieldDescriptor, given: unknown): unknown {
	const value = unwrapAgentValue(field, given);
	switch (field.type) {
		case 'boolean':
			if (typeof value === 'boolean') return value;
			if (value === 'true' || value === 'false') return value === 'true';
			return invalid(field, `must be true or false; got ${JSON.stringify(value)}`);
		case 'flag':
			if (value === true || value === 1 || value === '1' || value === 'true') return 1;
			if (value === false || value === 0 || value === '0' || value === 'false') return 0;
			return invalid(field, `must be on or off (true/false or 1/0); got ${JSON.stringify(value)}`);
		case 'integer':
			if (field.allowed) return normalizeAllowed(field, value);
			return normalizeInteger(field, value);
		case 'idList': {
			const ids = splitIds(value).map((id) => idText(field, id));
			if (ids.some((id) => id === '')) invalid(field, 'contains an empty id');
			if (field.pattern) ids.forEach((id) => checkText(field, id));
			if (field.maxItems !== undefined && ids.length > field.maxItems) {
				invalid(field, `has ${ids.length} ids; at most ${field.maxItems} are allowed in one call`);
			}
			return field.listFormat === 'comma' ? ids.join(',') : ids;
		}
		case 'json':
			if (isRecord(value)) return value;
			return invalid(field, 'must be a JSON object');
		case 'string': {
			if (field.allowed) return normalizeAllowed(field, value);
			// Numbers are welcome where an answer gives one (e.g. max_cursor), unless they already lost digits.
			const text =
				field.bigId || typeof value === 'number'
					? idText(field, value)
					: typeof value === 'string'
						? value
						: invalid(field, `must be text; got ${typeof value}`);
			checkText(field, text);
			return field.trimmedLength ? text.trim() : text;
		}
	}
}

/**
 * Validates what the user gave for an endpoint and builds its `input`: every rule of the spec
 * that the service would reject (and bill for nothing or for an error) fails here, naming the field.
 */
export function buildInput(endpoint: EndpointDescriptor, given: Input): Input {
	const input: Input = {};
	const oneOfGroups = new Map<string, FieldDescriptor[]>();
	for (const field of endpoint.fields) {
		if (field.oneOf) oneOfGroups.set(field.oneOf, [...(oneOfGroups.get(field.oneOf) ?? []), field]);
		const value = given[field.name];
		if (isEmpty(value)) {
			if (field.required && field.type !== 'boolean')
				invalid(field, `is required for ${operationLabel(endpoint)}`);
			continue;
		}
		input[field.name] = normalizeField(field, value);
	}
	for (const [, members] of oneOfGroups) {
		const present = members.filter((field) => field.name in input);
		if (present.length === 0) {
			const names = members.map((field) => `"${field.name}"`).join(', ');
			throw new InputError(
				members[0].name,
				`One of the fields ${names} is required for ${operationLabel(endpoint)}`,
			);
		}
		// The spec's precedence: the earlier field wins, so only it is sent.
		for (const loser of present.slice(1)) delete input[loser.name];
	}
	if (endpoint.raw) input.raw = normalizeField(RAW_FIELD, given.raw ?? RAW_FIELD.default);
	// Free-form input (Additional Input JSON): the fields the spec does not list go as they were given.
	if (endpoint.freeFormInput) {
		for (const [key, value] of Object.entries(given)) {
			if (
				key !== 'raw' &&
				value !== undefined &&
				!endpoint.fields.some((field) => field.name === key)
			)
				input[key] = value;
		}
	}
	return input;
}
