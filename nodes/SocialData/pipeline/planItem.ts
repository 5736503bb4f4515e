import type { EndpointDescriptor } from '../descriptor';
import type { ParameterReader } from './readParameters';
import type { Input } from './validateInput';
import { InputError } from '../../shared/validation';
import { buildInput } from './validateInput';
import type { NodeOptionValues } from '../editor/nodeOptions';
import { wireOptionValues } from '../editor/nodeOptions';
import { idsOf } from './batch';
import type { RunTarget } from './sendCall';
import { parseInputJson, planGatewayRun } from './planGatewayRun';
import type { EndpointSettings } from './fetchEndpoint';

export type ItemPlan =
	| {
			kind: 'endpoint';
			itemIndex: number;
			endpoint: EndpointDescriptor;
			input: Input;
			settings: EndpointSettings;
			ids?: string[];
	  }
	| { kind: 'gateway'; itemIndex: number; target: RunTarget; input: Input }
	| { kind: 'invalid'; itemIndex: number; error: Error };

/**
 * What the user gave for an endpoint: top-level fields, the wire fields of the Options collection and
 * free-form JSON. Under Return All the pager owns the paging fields, so a value left from a manual
 * page does not make the walk start in the middle.
 */
function givenFields(
	parameters: ParameterReader,
	endpoint: EndpointDescriptor,
	itemIndex: number,
	returnAll: boolean,
): Input {
	const given: Input = {};
	if (endpoint.freeFormInput)
		Object.assign(
			given,
			parseInputJson(parameters.get('additionalInput', itemIndex, '{}'), 'additionalInput'),
		);
	Object.assign(given, wireOptionValues(parameters.get<Input>('options', itemIndex, {})));
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
	options: NodeOptionValues,
): ItemPlan {
	try {
		if (!endpoint) {
			const path = parameters.get<string>('endpointPath', itemIndex);
			const given = parseInputJson(parameters.get('input', itemIndex, '{}'));
			return { kind: 'gateway', itemIndex, ...planGatewayRun(path, given) };
		}
		const returnAll = endpoint.pagination ? parameters.get('returnAll', itemIndex, false) : false;
		const given = givenFields(parameters, endpoint, itemIndex, returnAll);
		const settings: EndpointSettings = {
			returnAll,
			limit: endpoint.pagination ? parameters.get('limit', itemIndex, 50) : 0,
			splitRecords: options.splitRecords,
			maxPages: options.maxPages,
			fallback: options.fallback,
			mentions: options.mentions,
		};
		if (endpoint.batch) {
			const { field, maxPerCall } = endpoint.batch;
			const ids = idsOf(endpoint, given);
			const rest = buildInput(endpoint, { ...given, [field]: ids.slice(0, maxPerCall) });
			delete rest[field];
			return { kind: 'endpoint', itemIndex, endpoint, input: rest, settings, ids };
		}
		return { kind: 'endpoint', itemIndex, endpoint, input: buildInput(endpoint, given), settings };
	} catch (error) {
		return { kind: 'invalid', itemIndex, error: withItem(error as Error, itemIndex) };
	}
}
