import type { EndpointDescriptor, GroupKey } from '../../../nodes/SocialData/descriptor';
import { findEndpoint } from '../../../nodes/SocialData/descriptor';
import { InputError } from '../../../nodes/shared/execution';
import { buildInput } from '../../../nodes/SocialData/pipeline/validateInput';

/** An endpoint by name; a name two groups share needs the group. */
export const endpoint = (name: string, group?: GroupKey): EndpointDescriptor =>
	findEndpoint(name, group)!;

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
