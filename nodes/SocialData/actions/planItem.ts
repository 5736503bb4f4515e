import type { EndpointDescriptor } from '../descriptor';
import type { NodeOptionValues } from '../editor/nodeOptions';
import { nodeOptionValues, wireOptionValues } from '../editor/nodeOptions';
import { jsonObjectInput, resultLimitOf } from '../../shared/execution';
import { batchInputOf } from '../pipeline/batch';
import type { EndpointSettings } from '../pipeline/fetchEndpoint';
import { givenFields } from '../pipeline/givenFields';
import { planGatewayRun } from '../pipeline/planGatewayRun';
import type { ParameterReader } from '../pipeline/readParameters';
import type { CallTarget } from '../pipeline/sendCall';
import type { Input } from '../pipeline/validateInput';
import { buildInput } from '../pipeline/validateInput';
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

/** The JSON parameter as the panel names it (refusals name both). */
const GATEWAY_INPUT = { name: 'input', displayName: 'Input (JSON)' };

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
