import type { EndpointDescriptor } from '../../../nodes/SocialData/descriptor';
import { findEndpoint } from '../../../nodes/SocialData/descriptor';
import { InputError } from '../../../nodes/shared/execution';
import { buildInput } from '../../../nodes/SocialData/pipeline/validateInput';

export const endpoint = (name: string): EndpointDescriptor => findEndpoint(name)!;

/** The InputError `buildInput` refuses `given` with; fails the test when it is accepted. */
export function rejection(name: string, given: Record<string, unknown>): InputError {
	try {
		buildInput(endpoint(name), given);
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error(`${name} accepted ${JSON.stringify(given)}`);
}
