import type {
	EndpointDescriptor,
	GroupDescriptor,
	GroupKey,
	NewestFirstEndpoint,
	PopularFirstEndpoint,
	WatchedEndpoint,
	WatchedListDescriptor,
} from './types';
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

const keyOf = (group: GroupKey, name: string) => `${group}/${name}`;

const byKey = new Map(
	ENDPOINTS.map((endpoint) => [keyOf(endpoint.group, endpoint.name), endpoint]),
);

/**
 * An endpoint by its name within its group: names are unique only within a group (Douyin's and
 * Channels' `fetch_video_comments`). Without a group, the name must be unique among all groups.
 */
export function findEndpoint(name: string, group?: GroupKey): EndpointDescriptor | undefined {
	if (group) return byKey.get(keyOf(group, name));
	const named = ENDPOINTS.filter((endpoint) => endpoint.name === name);
	return named.length === 1 ? named[0] : undefined;
}

export const isNewestFirst = (endpoint: EndpointDescriptor): endpoint is NewestFirstEndpoint =>
	endpoint.newestFirst !== undefined;

export const isPopularFirst = (endpoint: EndpointDescriptor): endpoint is PopularFirstEndpoint =>
	endpoint.popularFirst !== undefined;

/** A list Only New Since Last Run and the trigger can watch: newest first, or by popularity. */
export const isWatched = (endpoint: EndpointDescriptor): endpoint is WatchedEndpoint =>
	isNewestFirst(endpoint) || isPopularFirst(endpoint);

/** How a watched list names and dates its records. */
export const watchedListOf = (endpoint: WatchedEndpoint): WatchedListDescriptor =>
	isNewestFirst(endpoint) ? endpoint.newestFirst : endpoint.popularFirst;

/** The inputs sent on every call of a watched list (what orders a list newest first). */
export const listOrderOf = (endpoint: WatchedEndpoint): Record<string, string> =>
	isNewestFirst(endpoint) ? endpoint.newestFirst.order : {};
