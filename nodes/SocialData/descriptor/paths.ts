import type { InterfaceNames } from '../../shared/transport/wireNames';
import { DATA_PATH_PREFIXES, DEFAULT_INTERFACE_NAMES } from '../../shared/transport/wireNames';
import type { EndpointDescriptor } from './types';

/**
 * An endpoint's path in the names the service speaks: its family's prefix (its group's unless it
 * names another), then its name (`/api/v1/douyin/web/fetch_one_video`, or the interface document's
 * `/api/v1/shortvideo/web/…`).
 */
export function endpointPath(
	endpoint: Pick<EndpointDescriptor, 'group' | 'name' | 'family'>,
	names: InterfaceNames = DEFAULT_INTERFACE_NAMES,
): string {
	return DATA_PATH_PREFIXES[endpoint.family ?? endpoint.group][names] + endpoint.name;
}
