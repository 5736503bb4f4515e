import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { EndpointDescriptor, FieldDescriptor, GroupDescriptor } from '../descriptor';
import { RAW_FIELD } from '../descriptor/commonFields';
import { optionsCollection, returnAllAndLimit } from '../../shared/execution';
import { sentenceCase } from './operationNames';
import { fieldBuilderHint, operationBuilderHint } from './builderHints';

/** Turns the descriptor into the node's resource and operation dropdowns and fields. */

const show = (resource: string, operation?: string): INodeProperties['displayOptions'] => ({
	show: operation ? { resource: [resource], operation: [operation] } : { resource: [resource] },
});

export function fieldProperty(field: FieldDescriptor): INodeProperties {
	const base = {
		displayName: field.displayName,
		name: field.name,
		description: field.description,
		...(field.placeholder ? { placeholder: field.placeholder } : {}),
	};
	if (field.allowed) {
		return {
			...base,
			type: 'options',
			default: field.default ?? field.allowed[0].value,
			options: field.allowed.map((value) => ({
				name: value.name,
				value: value.value,
				...(value.description ? { description: value.description } : {}),
			})),
		};
	}
	switch (field.type) {
		case 'boolean':
		case 'flag':
			return { ...base, type: 'boolean', default: field.default ?? false };
		case 'integer':
			return {
				...base,
				type: 'number',
				default: field.default ?? 0,
				typeOptions: {
					numberPrecision: 0,
					...(field.minimum === undefined ? {} : { minValue: field.minimum }),
				},
			};
		case 'json':
			return { ...base, type: 'json', default: '{}' };
		default:
			return {
				...base,
				type: 'string',
				default: field.default ?? '',
				...(field.secret ? { typeOptions: { password: true } } : {}),
			};
	}
}

/** Required fields and one-of groups stay top level; optional fields go into `options`. */
const isTopLevel = (field: FieldDescriptor) => field.required || field.oneOf !== undefined;

function oneOfHint(endpoint: EndpointDescriptor, field: FieldDescriptor): string {
	const group = endpoint.fields
		.filter((other) => other.oneOf === field.oneOf)
		.map((other) => other.displayName);
	return `${field.description}. One of ${group.join(', ')} is needed; the first given wins`;
}

/** A required or one-of field as a top-level parameter: required, or saying which of its group is needed. */
export function topLevelFieldProperty(
	endpoint: EndpointDescriptor,
	field: FieldDescriptor,
): INodeProperties {
	return {
		...fieldProperty(field),
		...(field.required ? { required: true } : { description: oneOfHint(endpoint, field) }),
		builderHint: fieldBuilderHint(field),
	};
}

/** A field that positions a page is offered only with Return All off: under Return All the pager owns it. */
function optionalFieldProperty(
	endpoint: EndpointDescriptor,
	field: FieldDescriptor,
): INodeProperties {
	const property = fieldProperty(field);
	if (!field.paging || !endpoint.pagination) return property;
	return {
		...property,
		description: `${String(property.description).replace(/\.$/, '')}. Used without Return All, to continue from a saved page.`,
		displayOptions: { show: { '/returnAll': [false] } },
	};
}

/**
 * The operation's fields: required ones top level, then Return All / Limit, then one Options
 * collection holding the optional wire fields and `behaviourOptions` (settings of the node itself).
 */
export function endpointProperties(
	endpoint: EndpointDescriptor,
	behaviourOptions: INodeProperties[] = [],
): INodeProperties[] {
	const display = show(endpoint.group, endpoint.name);
	const topLevel: INodeProperties[] = endpoint.fields
		.filter(isTopLevel)
		.map((field) => ({ ...topLevelFieldProperty(endpoint, field), displayOptions: display }));
	const optional = endpoint.fields
		.filter((field) => !isTopLevel(field))
		.map((field) => optionalFieldProperty(endpoint, field));
	if (endpoint.raw) optional.push(fieldProperty(RAW_FIELD));
	optional.push(...behaviourOptions);
	const paging = endpoint.pagination ? returnAllAndLimit(display) : [];
	const options = optional.length ? [optionsCollection(optional, display)] : [];
	return [...topLevel, ...paging, ...options];
}

export function operationProperty(group: GroupDescriptor): INodeProperties {
	const options: INodePropertyOptions[] = group.endpoints
		.map((endpoint) => ({
			name: endpoint.displayName,
			value: endpoint.name,
			description: endpoint.description,
			action: sentenceCase(endpoint.displayName),
			builderHint: operationBuilderHint(endpoint),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
	const firstEndpoint = group.endpoints[0].name;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: show(group.key),
		options,
		default: firstEndpoint,
	};
}
