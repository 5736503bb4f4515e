import type { EndpointDescriptor, GroupDescriptor, GroupKey } from './types';
import { articles } from './articles';
import { channels } from './channels';
import { notes } from './notes';
import { search } from './search';
import { shortVideo } from './shortVideo';

export * from './types';
export { GATEWAY_RUN_PATH, PROVIDER } from './provider';
export { ID_FIELD_NAMES } from './idFields';

export const GROUPS: GroupDescriptor[] = [shortVideo, notes, channels, articles, search];

export const ENDPOINTS: EndpointDescriptor[] = GROUPS.flatMap((group) => group.endpoints);

const byName = new Map(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]));

export function findEndpoint(name: string): EndpointDescriptor | undefined {
	return byName.get(name);
}

export function groupOf(key: GroupKey): GroupDescriptor {
	return GROUPS.find((group) => group.key === key)!;
}
