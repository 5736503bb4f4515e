import type { EndpointDescriptor, FieldDescriptor } from '../../../nodes/SocialData/descriptor';
import type { Input } from '../../../nodes/SocialData/pipeline/validateInput';
import { buildInput, normalizeField } from '../../../nodes/SocialData/pipeline/validateInput';

/** Text values tried, in order, for a string field until one passes the field's own rules. */
const TEXT_SAMPLES = [
	'https://example.com/share/1',
	'v2_0123abcd@finder',
	'7300000000000000001',
	'US',
	'acme',
];

const ID_SAMPLES = ['7300000000000000001', '7300000000000000002'];

function accepts(field: FieldDescriptor, value: unknown): boolean {
	try {
		normalizeField(field, value);
		return true;
	} catch {
		return false;
	}
}

/** A value the field's rules accept, derived from the descriptor (the validator is the judge). */
export function validValueFor(field: FieldDescriptor): unknown {
	const candidates: unknown[] = [];
	if (field.allowed) candidates.push(field.default, field.allowed[0].value);
	else if (field.type === 'boolean' || field.type === 'flag') candidates.push(true);
	else if (field.type === 'integer') candidates.push(field.default, field.minimum, 0, 1);
	else if (field.type === 'json') candidates.push({});
	else if (field.type === 'idList') candidates.push(ID_SAMPLES.join(','));
	else
		candidates.push(
			field.placeholder,
			...(field.prefix ? [`${field.prefix}1`, `${field.prefix}0123abcd`] : []),
			...TEXT_SAMPLES,
		);
	const found = candidates.find(
		(candidate) => candidate !== undefined && candidate !== '' && accepts(field, candidate),
	);
	if (found === undefined)
		throw new Error(
			`No valid sample for field "${field.name}": add one to TEXT_SAMPLES in ${__filename}`,
		);
	return found;
}

/** Fields the node shows at the top level (required ones and one-of groups); the rest sit in Options. */
export const isTopLevel = (field: FieldDescriptor) =>
	field.required === true || field.oneOf !== undefined;

/** The first field of each one-of group wins: it gets a valid value, its partners stay empty. */
const leadsItsGroup = (endpoint: EndpointDescriptor, field: FieldDescriptor) =>
	endpoint.fields.find((other) => other.oneOf === field.oneOf) === field;

/**
 * The smallest valid input of an endpoint: every required field and the first of each one-of group
 * with a valid value, the other one-of fields empty. Checked by the validator itself.
 */
export function minimalValidInput(endpoint: EndpointDescriptor): Input {
	const given: Input = {};
	for (const field of endpoint.fields.filter(isTopLevel)) {
		given[field.name] =
			field.required || leadsItsGroup(endpoint, field) ? validValueFor(field) : '';
	}
	buildInput(endpoint, given);
	return given;
}
