import type { EndpointDescriptor } from '../descriptor';
import type { ItemParameters } from '../../shared/execution';
import { jsonObjectInput } from '../../shared/execution';
import type { Input } from './validateInput';

/** The JSON parameter as the panel names it (refusals name both). */
const ADDITIONAL_INPUT = { name: 'additionalInput', displayName: 'Additional Input (JSON)' };

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
