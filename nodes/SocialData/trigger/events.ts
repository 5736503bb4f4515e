import type { EndpointDescriptor, TriggerEventDescriptor, WatchedEndpoint } from '../descriptor';
import { ENDPOINTS, isWatched, watchedListOf } from '../descriptor';

/** What the trigger can watch: an endpoint's list (newest first, or by popularity), as the descriptor names its event. */
export interface TriggerEvent extends TriggerEventDescriptor {
	endpoint: WatchedEndpoint;
}

/** Every watched list that names a trigger event, in the Event dropdown's order (by name). */
export function triggerEventsOf(endpoints: EndpointDescriptor[]): TriggerEvent[] {
	return endpoints
		.filter(isWatched)
		.flatMap((endpoint) => {
			const event = watchedListOf(endpoint).triggerEvent;
			return event ? [{ ...event, endpoint }] : [];
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const TRIGGER_EVENTS: TriggerEvent[] = triggerEventsOf(ENDPOINTS);

export function findTriggerEvent(value: string): TriggerEvent | undefined {
	return TRIGGER_EVENTS.find((event) => event.value === value);
}

/**
 * Fields the trigger's pager owns (cursors, page counters, search sessions) or that only position
 * a page: never offered, never taken from the user.
 */
export function pagerOwnedFields(event: TriggerEvent): Set<string> {
	const pagination = event.endpoint.pagination;
	const owned = new Set<string>(['offset']);
	for (const carry of [...(pagination?.cursors ?? []), ...(pagination?.sticky ?? [])])
		owned.add(carry.field);
	if (pagination?.counter) owned.add(pagination.counter.field);
	return owned;
}
