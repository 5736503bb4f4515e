import type { EndpointDescriptor } from '../descriptor';
import type { NodeOptionValues } from '../editor/nodeOptions';
import { nodeOptionValues, wireOptionValues } from '../editor/nodeOptions';
import { InputError } from '../../shared/validation';
import { batchInputOf } from './batch';
import type { EndpointSettings } from './fetchEndpoint';
import { parseInputJson, planGatewayRun } from './planGatewayRun';
import type { ParameterReader } from './readParameters';
import type { CallTarget } from './sendCall';
import type { Input } from './validateInput';
import { buildInput } from './validateInput';

export type ItemPlan =
	| {
			kind: 'endpoint';
			itemIndex: number;
			endpoint: EndpointDescriptor;
			input: Input;
			settings: EndpointSettings;
			/** A batch endpoint's checked ids; `input` then holds its other fields. */
			ids?: string[];
	  }
	| { kind: 'gateway'; itemIndex: number; target: CallTarget; input: Input }
	| { kind: 'invalid'; itemIndex: number; error: Error };

/** One item's Options collection, read once: the node's behaviour settings and the optional wire fields. */
export interface ItemOptions {
	node: NodeOptionValues;
	wire: Input;
}

export function readItemOptions(parameters: ParameterReader, itemIndex: number): ItemOptions {
	const options = parameters.get<Record<string, unknown>>('options', itemIndex, {});
	return { node: nodeOptionValues(options), wire: wireOptionValues(options) };
}

/**
 * What the user gave for an endpoint: top-level fields, the wire fields of the Options collection and
 * free-form JSON. Under Return All the pager owns the paging fields, so a value left from a manual
 * page does not make the walk start in the middle.
 */
function givenFields(
	parameters: ParameterReader,
	endpoint: EndpointDescriptor,
	itemIndex: number,
	wireOptions: Input,
	returnAll: boolean,
): Input {
	const given: Input = {};
	if (endpoint.freeFormInput)
		Object.assign(
			given,
			parseInputJson(parameters.get('additionalInput', itemIndex, '{}'), 'additionalInput'),
		);
	Object.assign(given, wireOptions);
	for (const field of endpoint.fields) {
		if (field.required || field.oneOf)
			given[field.name] = parameters.get(field.name, itemIndex, undefined);
		if (returnAll && field.paging) delete given[field.name];
	}
	return given;
}

const withItem = (error: Error, itemIndex: number) =>
	error instanceof InputError
		? new InputError(error.field, `${error.message} (item ${itemIndex})`)
		: error;

/** Reads and validates one item's parameters; nothing is sent yet. */
export function planItem(
	parameters: ParameterReader,
	endpoint: EndpointDescriptor | undefined,
	itemIndex: number,
	options: ItemOptions,
): ItemPlan {
	try {
		if (!endpoint) {
			const path = parameters.get<string>('endpointPath', itemIndex);
			const given = parseInputJson(parameters.get('input', itemIndex, '{}'));
			return { kind: 'gateway', itemIndex, ...planGatewayRun(path, given) };
		}
		const returnAll = endpoint.pagination ? parameters.get('returnAll', itemIndex, false) : false;
		const given = givenFields(parameters, endpoint, itemIndex, options.wire, returnAll);
		const settings: EndpointSettings = {
			returnAll,
			limit: endpoint.pagination ? parameters.get('limit', itemIndex, 50) : 0,
			splitRecords: options.node.splitRecords,
			maxPages: options.node.maxPages,
			fallback: options.node.fallback,
			mentions: options.node.mentions,
		};
		if (endpoint.batch) {
			const { ids, rest } = batchInputOf(endpoint, given);
			return { kind: 'endpoint', itemIndex, endpoint, input: rest, settings, ids };
		}
		return { kind: 'endpoint', itemIndex, endpoint, input: buildInput(endpoint, given), settings };
	} catch (error) {
		return { kind: 'invalid', itemIndex, error: withItem(error as Error, itemIndex) };
	}
}
