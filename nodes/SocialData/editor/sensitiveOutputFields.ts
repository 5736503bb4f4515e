import type { EndpointDescriptor } from '../descriptor';

/**
 * The node's `sensitiveOutputFields`, paths in an output item's JSON that n8n redacts in stored
 * executions whatever the workflow's policy: each field the descriptor marks secret (the session
 * cookies) where a service echoing its input would put it, in a record (`cookie`) or in a whole
 * answer (`data.cookie`, One Item per Record off). The pack also redacts their values anywhere in an
 * answer itself.
 */
export function sensitiveOutputFields(endpoints: EndpointDescriptor[]): string[] {
	const names = new Set(
		endpoints.flatMap((endpoint) =>
			endpoint.fields.filter((field) => field.secret).map((field) => field.name),
		),
	);
	return [...names].flatMap((name) => [name, `data.${name}`]);
}
