import type { EndpointDescriptor, GroupDescriptor, NewestFirstEndpoint } from './types';
import { articles } from './articles';
import { channels } from './channels';
import { notes } from './notes';
import { search } from './search';
import { shortVideo } from './shortVideo';

/*
 * The spec of the gateway's data endpoints. It lives with Social Data, not in nodes/shared/: only Social
 * Data and its trigger read it among the nodes (the docs script and the tests read it as data). The
 * simulator follows the spec on its own; both take the names on the wire from nodes/shared/transport/wireNames.ts.
 */
export * from './types';
export { GATEWAY_RUN_PATH } from './provider';
export { endpointPath } from './paths';
export { ID_FIELD_NAMES } from './idFields';
export { same } from './commonFields';

export const GROUPS: GroupDescriptor[] = [shortVideo, notes, channels, articles, search];

export const ENDPOINTS: EndpointDescriptor[] = GROUPS.flatMap((group) => group.endpoints);

const byName = new Map(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]));

export function findEndpoint(name: string): EndpointDescriptor | undefined {
	return byName.get(name);
}

export const isNewestFirst = (endpoint: EndpointDescriptor): endpoint is NewestFirstEndpoint =>
	endpoint.newestFirst !== undefined;
