import type { IParameterBuilderHint } from 'n8n-workflow';
import type { EndpointDescriptor, FieldDescriptor } from '../descriptor';
import { ID_FIELD_NAMES } from '../descriptor';

/**
 * What n8n's AI workflow builder reads about an operation and the fields it must fill, derived
 * from the descriptor like the rest of the panel, so every endpoint has one and none drifts.
 */

export const CLASSIFY_PAIRING =
	'pair with Model Gateway Chat > Classify in Batches (`chat`, `classify`) to label what people say';

const ID_NAMES: ReadonlySet<string> = new Set(ID_FIELD_NAMES);

const isIdField = (field: FieldDescriptor) => ID_NAMES.has(field.name) || /_ids?$/.test(field.name);

const code = (name: string) => `\`${name}\``;

/** The fields an AI builder must fill: required ones, and one field of each one-of group. */
export function inputsToFill(endpoint: EndpointDescriptor): string {
	const required = endpoint.fields
		.filter((field) => field.required)
		.map((field) => code(field.name));
	const groups = [...new Set(endpoint.fields.map((field) => field.oneOf).filter(Boolean))];
	const oneOf = groups.map(
		(group) =>
			`one of ${endpoint.fields
				.filter((field) => field.oneOf === group)
				.map((field) => code(field.name))
				.join(' or ')}`,
	);
	const all = [...required, ...oneOf];
	return all.length ? `Fill ${all.join(', ')}.` : 'Needs no input.';
}

/** What the operation answers, which inputs matter, and what to pair it with. */
export function operationBuilderHint(endpoint: EndpointDescriptor): IParameterBuilderHint {
	const parts = [`${endpoint.description.replace(/\.$/, '')}.`, inputsToFill(endpoint)];
	if (endpoint.pagination)
		parts.push('Set `returnAll` or `limit` for how many records: every page is a billed call.');
	if (endpoint.mentions)
		parts.push(
			`Set \`options.mentions\` for one common record per post or comment (platform, url, title, author, counts); ${CLASSIFY_PAIRING}.`,
		);
	return { propertyHint: parts.join(' ') };
}

/** How to fill one field the operation needs. */
export function fieldBuilderHint(field: FieldDescriptor): IParameterBuilderHint {
	if (field.secret)
		return {
			propertyHint:
				"The user's own session cookie of the platform; ask the user for it, never invent one.",
		};
	if (isIdField(field))
		return {
			propertyHint: `An id as a string, copied exactly from an earlier result (e.g. an expression reading ${code(field.name)}) or given by the user; a 64-bit id written as a number loses digits and is refused.`,
		};
	if (field.name === 'keyword')
		return {
			propertyHint:
				'The brand, product or topic to look for, as the user names it: 1 to 100 characters.',
		};
	if (field.type === 'integer')
		return { propertyHint: `An integer: ${field.description.replace(/\.$/, '')}.` };
	return {
		propertyHint: `${field.description.replace(/\.$/, '')}: a value the user gives or an expression reading an earlier result.`,
	};
}
