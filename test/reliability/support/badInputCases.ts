import type { EndpointDescriptor, FieldDescriptor } from '../../../nodes/SocialData/descriptor';
import { ENDPOINTS } from '../../../nodes/SocialData/descriptor';
import { RAW_FIELD } from '../../../nodes/SocialData/descriptor/commonFields';
import { validValueFor } from './validValues';

export type BadInputRule =
	| 'wrong type'
	| 'empty'
	| 'none of its group'
	| 'too long'
	| 'too short'
	| 'outside its set'
	| 'unknown alias'
	| 'too many ids'
	| 'unsafe-number id'
	| 'bad prefix'
	| 'bad pattern'
	| 'below minimum'
	| 'above maximum'
	| 'invalid JSON';

export interface BadInputCase {
	endpoint: EndpointDescriptor;
	/** Wire name of the parameter given the bad value: the error must name it. */
	field: string;
	/** Further wire names the error must name (the partners of a one-of group). */
	alsoNamed: string[];
	rule: BadInputRule;
	/** What the bad item gives; the good item before it gives `goodValue`. */
	value: unknown;
	goodValue: unknown;
	/**
	 * 'operation': the endpoint's own operation. 'gateway': Gateway › Run with the endpoint's path,
	 * for id lists over the limit, which the operation splits into several calls by design.
	 */
	route: 'operation' | 'gateway';
}

/** What the error must say for each rule, so a case fails for the reason it was written for. */
export const PROBLEM_OF_RULE: Record<BadInputRule, RegExp> = {
	'wrong type':
		/must be (text|a whole number|true or false|on or off|one of|an id given as a string|a JSON object)/,
	empty: /is required/,
	'none of its group': /One of the fields .* is required/,
	'too long': /characters after trimming/,
	'too short': /characters after trimming/,
	'outside its set': /must be one of/,
	'unknown alias': /must be one of/,
	'too many ids': /at most \d+ are allowed in one call/,
	'unsafe-number id': /arrived as a JSON number beyond 2\^53-1.*Send it as a string/,
	'bad prefix': /must start with/,
	'bad pattern': /must be /,
	'below minimum': /must be at least/,
	'above maximum': /must be at most/,
	'invalid JSON': /is not valid JSON/,
};

const UNSAFE_ID = 2 ** 53 + 2;
const PATTERN_BREAKERS = ['not valid!', 'abc', 'USA', 'ftp://example.com/x'];
const ids = (count: number) =>
	Array.from({ length: count }, (_, i) => String(7_300_000_000_000_000_000n + BigInt(i))).join(',');

/** The fields a user can set for an endpoint: its own and the `raw` switch where it has one. */
export const fieldsOf = (endpoint: EndpointDescriptor): FieldDescriptor[] => [
	...endpoint.fields,
	...(endpoint.raw ? [RAW_FIELD] : []),
];

function wrongTypeOf(field: FieldDescriptor): unknown {
	if (field.allowed) return true;
	switch (field.type) {
		case 'boolean':
		case 'flag':
			return 'maybe';
		case 'integer':
			return 'twelve';
		case 'json':
			return [1, 2];
		case 'idList':
			return { id: 1 };
		case 'string':
			// A safe number becomes text (ids, cursors); anything but text or a number is not.
			return { value: 42 };
	}
}

function patternBreaker(field: FieldDescriptor): string {
	const pattern = new RegExp(field.pattern!);
	const value = PATTERN_BREAKERS.find((candidate) => !pattern.test(candidate));
	if (!value)
		throw new Error(
			`No value breaking the pattern of "${field.name}": add one to PATTERN_BREAKERS`,
		);
	return value;
}

/** The bad values of one field, one per rule the descriptor gives it. */
function fieldCases(endpoint: EndpointDescriptor, field: FieldDescriptor): BadInputCase[] {
	const goodValue = validValueFor(field);
	const cases: BadInputCase[] = [];
	const add = (rule: BadInputRule, value: unknown, route: BadInputCase['route'] = 'operation') =>
		cases.push({ endpoint, field: field.name, alsoNamed: [], rule, value, goodValue, route });

	add('wrong type', wrongTypeOf(field));
	if (field.required && field.type !== 'boolean') add('empty', '   ');
	if (field.trimmedLength) {
		const { min, max } = field.trimmedLength;
		add('too long', ` ${'k'.repeat(max + 1)} `);
		if (min > 1) add('too short', 'k'.repeat(min - 1));
	}
	if (field.allowed) {
		add('outside its set', 'not_a_choice');
		const aliases = field.allowed.flatMap((allowed) =>
			allowed.alias === undefined ? [] : [allowed.alias],
		);
		if (aliases.length) add('unknown alias', Math.max(...aliases) + 1);
	}
	if (field.maxItems !== undefined)
		add(
			'too many ids',
			ids(field.maxItems + 1),
			endpoint.batch?.field === field.name ? 'gateway' : 'operation',
		);
	if (field.bigId)
		add(
			'unsafe-number id',
			field.type === 'idList' ? ['7300000000000000001', UNSAFE_ID] : UNSAFE_ID,
		);
	if (field.prefix) add('bad prefix', `not-${field.prefix}1`);
	if (field.pattern)
		add(
			'bad pattern',
			field.type === 'idList' ? `${ids(1)},${patternBreaker(field)}` : patternBreaker(field),
		);
	if (field.minimum !== undefined) add('below minimum', field.minimum - 1);
	if (field.maximum !== undefined) add('above maximum', field.maximum + 1);
	return cases;
}

/** One case per one-of group: all of its fields empty. */
function groupCases(endpoint: EndpointDescriptor): BadInputCase[] {
	const groups = new Map<string, FieldDescriptor[]>();
	for (const field of endpoint.fields)
		if (field.oneOf) groups.set(field.oneOf, [...(groups.get(field.oneOf) ?? []), field]);
	return [...groups.values()].map(([first, ...partners]) => ({
		endpoint,
		field: first.name,
		alsoNamed: partners.map((partner) => partner.name),
		rule: 'none of its group',
		value: '',
		goodValue: validValueFor(first),
		route: 'operation',
	}));
}

const freeFormCases = (endpoint: EndpointDescriptor): BadInputCase[] =>
	endpoint.freeFormInput
		? [
				{
					endpoint,
					field: 'additionalInput',
					alsoNamed: [],
					rule: 'invalid JSON',
					value: '{"scene": ',
					goodValue: '{}',
					route: 'operation',
				},
			]
		: [];

/** Every bad-input case of every endpoint, generated from the descriptor. */
export function badInputCases(endpoints: EndpointDescriptor[] = ENDPOINTS): BadInputCase[] {
	return endpoints.flatMap((endpoint) => [
		...fieldsOf(endpoint).flatMap((field) => fieldCases(endpoint, field)),
		...groupCases(endpoint),
		...freeFormCases(endpoint),
	]);
}
