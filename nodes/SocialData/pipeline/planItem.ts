import type { EndpointDescriptor } from '../descriptor';
import type { NodeOptionValues } from '../editor/nodeOptions';
import { nodeOptionValues, wireOptionValues } from '../editor/nodeOptions';
import type { ItemParameters } from '../../shared/execution';
import { jsonObjectInput, resultLimitOf } from '../../shared/execution';
import { batchInputOf } from './batch';
import type { EndpointSettings } from './fetchEndpoint';
import { planGatewayRun } from './planGatewayRun';
import type { ParameterReader } from './readParameters';
import type { CallTarget } from './sendCall';
import type { Input } from './validateInput';
import { buildInput } from './validateInput';
import type { NewOnlyPlan } from '../newOnly/planNewOnly';
import { checkWalkSummary, planNewOnly } from '../newOnly/planNewOnly';

export type ItemPlan =
	| {
			kind: 'endpoint';
			itemIndex: number;
			endpoint: EndpointDescriptor;
			input: Input;
			settings: EndpointSettings;
			/** A batch endpoint's checked ids; `input` then holds its other fields. */
			ids?: string[];
			/** Set under Only New Since Last Run: the list is walked down to what the last run saw. */
			newOnly?: NewOnlyPlan;
	  }
	| { kind: 'gateway'; itemIndex: number; target: CallTarget; input: Input };

/** The JSON parameters as the panel names them (refusals name both). */
const GATEWAY_INPUT = { name: 'input', displayName: 'Input (JSON)' };
const ADDITIONAL_INPUT = { name: 'additionalInput', displayName: 'Additional Input (JSON)' };

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
export function givenFields(
	parameters: ItemParameters,
	endpoint: EndpointDescriptor,
	itemIndex: number,
	wireOptions: Input,
	returnAll: boolean,
): Input {
	const given: Input = {};
	if (endpoint.freeFormInput)
		Object.assign(
			given,
			jsonObjectInput(ADDITIONAL_INPUT, parameters.get('additionalInput', itemIndex, '{}')),
		);
	Object.assign(given, wireOptions);
	for (const field of endpoint.fields) {
		if (field.required || field.oneOf)
			given[field.name] = parameters.get(field.name, itemIndex, undefined);
		if (returnAll && field.paging) delete given[field.name];
	}
	return given;
}

/**
 * Reads and validates one item's parameters; nothing is sent yet. Refused input throws an
 * InputError naming the field (the item runner adds the item).
 */
export function planItem(
	parameters: ParameterReader,
	endpoint: EndpointDescriptor | undefined,
	itemIndex: number,
	options: ItemOptions,
): ItemPlan {
	if (!endpoint) {
		const path = parameters.get<string>('endpointPath', itemIndex);
		const given = jsonObjectInput(GATEWAY_INPUT, parameters.get('input', itemIndex, '{}'));
		return { kind: 'gateway', itemIndex, ...planGatewayRun(path, given) };
	}
	const limit = endpoint.pagination ? resultLimitOf(parameters, itemIndex) : undefined;
	const returnAll = endpoint.pagination !== undefined && limit === undefined;
	const given = givenFields(parameters, endpoint, itemIndex, options.wire, returnAll);
	const settings: EndpointSettings = {
		limit,
		splitRecords: options.node.splitRecords,
		maxPages: options.node.maxPages,
		fallback: options.node.fallback,
		mentions: options.node.mentions,
		unknownShape: options.node.unknownShape,
	};
	checkWalkSummary(options.node);
	if (options.node.onlyNew)
		return {
			kind: 'endpoint',
			itemIndex,
			endpoint,
			settings,
			...planNewOnly(endpoint, given, returnAll, options.node),
		};
	if (endpoint.batch) {
		const { ids, rest } = batchInputOf(endpoint, given);
		return { kind: 'endpoint', itemIndex, endpoint, input: rest, settings, ids };
	}
	return { kind: 'endpoint', itemIndex, endpoint, input: buildInput(endpoint, given), settings };
}
